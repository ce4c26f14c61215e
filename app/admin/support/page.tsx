import Link from 'next/link';
import { SupportLiveRefresh, SupportReplyBox, SupportTakeClose } from '@/components/admin/support-actions';
import { formatTime } from '@/components/order/format-time';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { formatFen } from '@/lib/domain/money';
import { ORDER_STATUS_LABEL, type OrderStatus } from '@/lib/domain/order-status';
import { describeCard, linkifyOwn, SUPPORT_HISTORY_PAGE, SUPPORT_STATUS_NAMES, waitedFor } from '@/lib/domain/support';
import { siteUrl } from '@/lib/site';
import './support.css';
import type { PageQuery } from '@/lib/web/page-query';
import { orNullIfNotFound } from '@/lib/server/errors';
import { getConversationForOperator } from '@/lib/server/flows/support-screens';
import { type AdminConversation, type AdminSession, listCanned, parseEarlier, type QueueView, type SupportCard } from '@/lib/server/modules/support';
import { listQueue } from '@/lib/server/views/support-console';
import { OrderLink } from '@/components/admin/order-link';

export const metadata = { title: '客服' };

const VIEWS: { view: QueueView; label: string }[] = [
  { view: 'waiting', label: '待接入' },
  { view: 'mine', label: '我的会话' },
  { view: 'closed', label: '已结束' },
];

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * 客服 (docs/support.md#console): the queue on the left (待接入 with the waiting time, the operator's own
 * conversations, the closed ones), the chosen conversation on the right with the card it was asked from,
 * the shopper's recent orders, 接入, 结束 and the answer box with 常用语. Every text is rendered as text;
 * only the shop's own links are clickable. The page refreshes itself while open.
 */
export default async function AdminSupportPage({ searchParams }: { searchParams: Promise<PageQuery> }) {
  const operator = await requirePageOperator();
  const q = await searchParams;
  const rawView = first(q.view);
  const view: QueueView = rawView === 'mine' || rawView === 'closed' ? rawView : 'waiting';
  const idRaw = first(q.id);
  const id = idRaw && /^\d{1,10}$/.test(idRaw) ? Number(idRaw) : null;
  // 查看更多历史消息: how many of the shopper's earlier sessions to show above this one.
  const earlier = parseEarlier(first(q.earlier));
  const [queue, waitingQueue, conversation, canned] = await Promise.all([
    listQueue(view, operator.id),
    view === 'waiting' ? null : listQueue('waiting', operator.id),
    id ? orNullIfNotFound(getConversationForOperator(id, operator.id, earlier)) : null,
    listCanned(operator.id),
  ]);
  const waitingCount = (waitingQueue ?? queue).length;
  const href = (v: QueueView, cid?: number) => `/admin/support?view=${v}${cid ? `&id=${cid}` : ''}`;
  return (
    <>
      <h1>客服</h1>
      <SupportLiveRefresh />
      <nav className="kefu-tabs" aria-label="会话队列">
        {VIEWS.map((v) => (
          <Link key={v.view} href={href(v.view)} aria-current={v.view === view ? 'page' : undefined} className={v.view === view ? 'on' : undefined}>
            {v.label}
            {v.view === 'waiting' ? `（${waitingCount}）` : ''}
          </Link>
        ))}
      </nav>
      <div className="kefu-console">
        <section className="admin-panel kefu-queue" aria-label="会话列表">
          {queue.length ? (
            <ul>
              {queue.map((c) => (
                <li key={c.id} className={c.id === id ? 'on' : undefined}>
                  <Link href={href(view, c.id)} aria-current={c.id === id ? 'true' : undefined}>
                    <span className="kefu-queue-top">
                      <strong>{c.shopper}</strong>
                      {c.unread ? <span className="kefu-badge">{c.unread}</span> : null}
                    </span>
                    <span className="small muted kefu-queue-text">{c.lastText || '—'}</span>
                    <span className="small muted">
                      {c.waitingSince && c.status !== 'closed' ? `已等待 ${waitedFor(c.waitingSince)}` : formatTime(c.lastMessageAt)}
                      {c.card ? ` · ${describeCard(c.card).title}` : ''}
                      {c.operator && view !== 'mine' ? ` · ${c.operator}` : ''}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{view === 'waiting' ? '没有等待接入的会话。' : view === 'mine' ? '你还没有接入的会话。' : '还没有已结束的会话。'}</p>
          )}
        </section>
        {conversation ? (
          <ConversationPanel c={conversation} canned={canned} moreHref={`${href(view, conversation.id)}&earlier=${earlier + SUPPORT_HISTORY_PAGE}`} />
        ) : (
          <section className="admin-panel kefu-main">
            <p className="muted">{id ? '会话不存在。' : '从左侧选择一个会话。'}</p>
          </section>
        )}
      </div>
    </>
  );
}

/** Where the card opens in the console. */
function consoleHref(card: SupportCard): string {
  switch (card.kind) {
    case 'product':
      return `/admin/products/${card.productId}`;
    case 'order':
      return `/admin/orders/${card.orderNo}`;
    case 'afterSale':
      return `/admin/aftersales/${card.afterSaleNo}`;
    case 'invoice':
      return `/admin/orders/${card.orderNo}#o-facts`;
  }
}

function CardLink({ card }: { card: SupportCard }) {
  const d = describeCard(card);
  return (
    <p className="kefu-card">
      {d.label}：<Link href={consoleHref(card)}>{d.title}</Link> · {d.sub}
    </p>
  );
}

/** The lines of a session, as the console shows them (who wrote each, 已读/未读 of the shop's). */
function Lines({ items, shopper, origin, label }: { items: AdminConversation['items']; shopper: string; origin: string; label: string }) {
  return (
    <ol className="kefu-lines" aria-label={label}>
      {items.map((m) => (
        <li key={m.id} className={m.from === 'shop' ? 'shop' : 'shopper'}>
          <span className="small muted">
            {m.from === 'shop' ? (m.operator ? `客服 ${m.operator}` : '自动回复') : shopper} · {formatTime(m.createdAt)}
            {m.from === 'shop' ? (m.read ? ' · 已读' : ' · 未读') : ''}
          </span>
          {m.text ? (
            <p className="kefu-text">
              {linkifyOwn(m.text, origin).map((p, i) =>
                p.href ? (
                  <a key={i} href={p.href} target="_blank" rel="noopener">
                    {p.text}
                  </a>
                ) : (
                  <span key={i}>{p.text}</span>
                ),
              )}
            </p>
          ) : null}
          {m.imageIds.length ? (
            <span className="kefu-photos">
              {m.imageIds.map((img) => (
                <a key={img} href={`/api/v1/uploads/${img}`} target="_blank" rel="noopener">
                  <img src={`/api/v1/uploads/${img}`} alt={m.from === 'shop' ? '客服发送的图片' : '顾客发送的图片'} width={96} height={96} loading="lazy" />
                </a>
              ))}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** An earlier session of the shopper: when it was, its own card, its lines. */
function EarlierSession({ s, shopper, origin }: { s: AdminSession; shopper: string; origin: string }) {
  return (
    <section className="kefu-earlier" aria-label={`${formatTime(s.createdAt)} 的会话`}>
      <p className="kefu-session small muted">
        {formatTime(s.createdAt)} 的会话 · {SUPPORT_STATUS_NAMES[s.status]}
      </p>
      {s.card ? <CardLink card={s.card} /> : null}
      <Lines items={s.items} shopper={shopper} origin={origin} label={`${formatTime(s.createdAt)} 的会话的消息`} />
    </section>
  );
}

function ConversationPanel({ c, canned, moreHref }: { c: AdminConversation; canned: { id: number; text: string }[]; moreHref: string }) {
  const origin = siteUrl();
  const hasEarlier = c.earlier.sessions.length > 0;
  return (
    <>
      <section className="admin-panel kefu-main" aria-label={`与 ${c.shopper} 的会话`}>
        <header className="kefu-head">
          <div>
            <h2>{c.shopper}</h2>
            <p className="small muted">
              {SUPPORT_STATUS_NAMES[c.status]}
              {c.status === 'waiting' && c.waitingSince ? ` · 已等待 ${waitedFor(c.waitingSince)}` : ''}
              {c.status !== 'waiting' && c.operator ? ` · 接待：${c.operator}${c.takenAt ? `（${formatTime(c.takenAt)} 接入）` : ''}` : ''}
              {c.status === 'closed' && c.closedAt ? ` · 结束于 ${formatTime(c.closedAt)}` : ''} · 开始于 {formatTime(c.createdAt)}
            </p>
          </div>
          <SupportTakeClose id={c.id} status={c.status} mine={c.mine} />
        </header>
        {c.earlier.more ? (
          <p className="kefu-more">
            <Link href={moreHref} scroll={false}>
              查看更多历史消息
            </Link>
          </p>
        ) : null}
        {c.earlier.sessions.map((s) => (
          <EarlierSession key={s.id} s={s} shopper={c.shopper} origin={origin} />
        ))}
        {hasEarlier ? <p className="kefu-session small muted">{formatTime(c.createdAt)} 的会话（当前）</p> : null}
        {c.card ? <CardLink card={c.card} /> : null}
        <Lines items={c.items} shopper={c.shopper} origin={origin} label="消息" />
        {c.status !== 'closed' && (c.mine || c.status === 'waiting') ? <SupportReplyBox id={c.id} canned={canned} /> : null}
        {c.status === 'open' && !c.mine ? <p className="muted small">该会话由 {c.operator} 接待，只有接待人可以回复。</p> : null}
      </section>
      <aside className="admin-panel kefu-side" aria-label="顾客最近的订单">
        <h2>最近订单</h2>
        {c.recentOrders.length ? (
          <ul>
            {c.recentOrders.map((o) => (
              <li key={o.orderNo}>
                <OrderLink orderNo={o.orderNo} />
                <span className="small muted">
                  {ORDER_STATUS_LABEL[o.status as OrderStatus] ?? o.status} · {formatFen(o.totalFen)} · {formatTime(o.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">该顾客还没有订单。</p>
        )}
      </aside>
    </>
  );
}
