'use client';
/**
 * The 消息中心's list (docs/messages.md#screens): the categories as tabs with their unread counts,
 * the messages newest first with the unread ones marked, 全部已读 (of the tab), 删除 one, paging. A
 * message opens its page and is marked read on the way. The tab and the page are the URL's
 * (?category=&page=), so they survive a reload and the back button; the list itself is asked of the
 * API, and every change revalidates the unread counts the badges read.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import useSWR, { useSWRConfig } from 'swr';
import toast from 'react-hot-toast';
import { ChipRow } from '@/components/ui/chip-row';
import { Pagination } from '@/components/ui/pagination';
import { useConfirm } from '@/components/ui/use-confirm';
import { useSubmit } from '@/components/ui/use-form-state';
import { MESSAGES_UNREAD_PATH, messagesApi } from '@/lib/api/client';
import { MESSAGE_CATEGORIES, MESSAGE_CATEGORY_LABEL, type MessageCategory, type MessageItem } from '@/lib/domain/messages';
import { shopDateTime } from '@/lib/domain/shop-time';
import { withQuery } from '@/lib/web/query-string';
import { safeRedirectPath } from '@/lib/web/safe-redirect';
import { useUnread } from './unread-badge';
import './messages.css';

const MESSAGES_PAGE_SIZE = 20;

/** What each tab's empty list says arrives there. */
const EMPTY_TEXT: Record<MessageCategory | 'all', string> = {
  all: '暂无消息。付款、发货、物流、售后和优惠的通知都会出现在这里。',
  trade: '暂无交易物流消息。付款成功、发货、派送和签收时会通知您。',
  aftersale: '暂无售后退款消息。售后审核、退货签收和退款到账时会通知您。',
  promotion: '暂无优惠促销消息。优惠券快到期、收藏的商品降价或到货时会通知您。',
  service: '暂无服务通知。发票开具等服务办理好时会通知您。',
};

type Props = {
  /** The screen's own path (/Message or /personalCenter/PersonalMessage): the tabs and pages link to it. */
  path: string;
  category?: MessageCategory;
  page: number;
};

/** A click that should open a new tab or window keeps the browser's own behaviour. */
const ownClick = (e: React.MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

export function MessageCenter({ path, category, page }: Props) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const { busy, submit } = useSubmit();
  const [confirm, dialog] = useConfirm();
  const unread = useUnread();
  const key = ['messages', category ?? 'all', page] as const;
  const { data, error, isLoading, mutate: reload } = useSWR(key, () => messagesApi.list({ category, page, pageSize: MESSAGES_PAGE_SIZE }), { shouldRetryOnError: false });

  const hrefOf = (c: MessageCategory | undefined, p = 1) => withQuery(path, { category: c, page: p > 1 ? p : undefined });
  const tabUnread = category ? (unread?.byCategory[category] ?? 0) : (unread?.total ?? 0);
  const refresh = () => Promise.all([reload(), mutate(MESSAGES_UNREAD_PATH)]);

  async function open(e: React.MouseEvent<HTMLAnchorElement>, m: MessageItem, href: string) {
    if (m.read || ownClick(e)) return;
    e.preventDefault();
    // Marked read before leaving, so the badge on the page it opens is already one lower; a failed
    // mark (toasted by the client) does not keep the shopper from the page.
    const marked = await messagesApi.read({ ids: [m.id] }).then(
      () => true,
      () => false,
    );
    // The list kept for the back button says it is read too: coming back within SWR's deduping interval
    // shows the kept list without asking again.
    if (marked) await reload((page) => page && { ...page, items: page.items.map((x) => (x.id === m.id ? { ...x, read: true } : x)) }, { revalidate: false });
    await mutate(MESSAGES_UNREAD_PATH);
    router.push(href);
  }

  async function readAll() {
    await submit(async () => {
      await messagesApi.read(category ? { all: true, category } : { all: true });
      toast.success(category ? `${MESSAGE_CATEGORY_LABEL[category]}消息已全部标为已读` : '全部消息已标为已读');
      await refresh();
    });
  }

  async function remove(m: MessageItem) {
    if (!(await confirm(`删除消息“${m.title}”？删除后不能恢复。`, '删除', { cancelLabel: '暂不删除', danger: true }))) return;
    await submit(async () => {
      await messagesApi.remove(m.id);
      toast.success('消息已删除');
      // The last message of a page past the first: back one page rather than an empty one.
      if (data && data.items.length === 1 && page > 1) router.push(hrefOf(category, page - 1));
      await refresh();
    });
  }

  return (
    <div className="stack">
      <ChipRow label="消息分类">
        {[undefined, ...MESSAGE_CATEGORIES].map((c) => {
          const n = c ? (unread?.byCategory[c] ?? 0) : (unread?.total ?? 0);
          return (
            <Link key={c ?? 'all'} href={hrefOf(c)} className="chip" prefetch={false} aria-current={c === category ? 'page' : undefined}>
              {c ? MESSAGE_CATEGORY_LABEL[c] : '全部'}
              {n ? (
                <span className="msg-tab-count">
                  {n > 99 ? '99+' : n}
                  <span className="sr-only"> 条未读</span>
                </span>
              ) : null}
            </Link>
          );
        })}
      </ChipRow>

      <div className="msg-toolbar">
        <span className="muted small" aria-live="polite">
          {data ? `共 ${data.total} 条${tabUnread ? `，${tabUnread} 条未读` : ''}` : ''}
        </span>
        {/* Only when the tab has something unread: beside 共 0 条 it would offer to do nothing. */}
        {tabUnread ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={readAll} disabled={busy}>
            全部已读
          </button>
        ) : null}
      </div>

      {error ? (
        <section className="card empty">
          <p>消息没有加载出来，请检查网络后重试</p>
          <button type="button" className="btn btn-ghost" onClick={() => reload()}>
            重新加载
          </button>
        </section>
      ) : isLoading || !data ? (
        <p className="card muted" aria-busy="true">
          正在加载消息…
        </p>
      ) : data.total === 0 ? (
        <section className="card empty">
          <p>{EMPTY_TEXT[category ?? 'all']}</p>
          <Link href="/ProductList" className="btn btn-ghost" prefetch={false}>
            去逛逛全部商品
          </Link>
        </section>
      ) : data.items.length === 0 ? (
        <section className="card empty">
          <p>这一页已经没有消息了</p>
          <Link href={hrefOf(category)} className="btn btn-ghost" prefetch={false}>
            回到第一页
          </Link>
        </section>
      ) : (
        <>
          <ul className="msg-list card" aria-label="消息列表">
            {data.items.map((m) => {
              const href = safeRedirectPath(m.link, path);
              return (
                <li key={m.id} className={m.read ? 'msg' : 'msg msg-unread'}>
                  <Link href={href} prefetch={false} className="msg-main" onClick={(e) => open(e, m, href)}>
                    <span className="msg-head">
                      {m.read ? null : <span className="msg-dot" aria-hidden="true" />}
                      <span className="msg-title">
                        {m.read ? null : <span className="sr-only">未读：</span>}
                        {m.title}
                      </span>
                    </span>
                    <span className="msg-body">{m.body}</span>
                    <span className="msg-meta muted small">
                      {category ? null : <span className="msg-cat">{MESSAGE_CATEGORY_LABEL[m.category]}</span>}
                      <time dateTime={m.createdAt}>{shopDateTime(new Date(m.createdAt))}</time>
                    </span>
                  </Link>
                  <button type="button" className="link-button msg-delete" onClick={() => remove(m)} disabled={busy} aria-label={`删除消息：${m.title}`}>
                    删除
                  </button>
                </li>
              );
            })}
          </ul>
          <Pagination page={page} pageSize={MESSAGES_PAGE_SIZE} total={data.total} href={(p) => hrefOf(category, p)} />
        </>
      )}
      {dialog}
    </div>
  );
}
