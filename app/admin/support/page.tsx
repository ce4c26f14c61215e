import Link from 'next/link';
import { SupportLiveRefresh, SupportReplyBox, SupportTakeClose } from '@/components/admin/support-actions';
import { formatTime } from '@/components/order/format-time';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { formatFen } from '@/lib/domain/money';
import { ORDER_STATUS_LABEL, type OrderStatus } from '@/lib/domain/order-status';
import { linkifyOwn, SUPPORT_STATUS_NAMES, waitedFor } from '@/lib/domain/support';
import { siteUrl } from '@/lib/site';
import './support.css';
import type { PageQuery } from '@/lib/web/page-query';
import { orNullIfNotFound } from '@/lib/server/errors';
import { type AdminConversation, getConversationForOperator, listCanned, listQueue, type QueueView, type SupportCard } from '@/lib/server/modules/support';

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
  const [queue, waitingQueue, conversation, canned] = await Promise.all([
    listQueue(view, operator.id),
    view === 'waiting' ? null : listQueue('waiting', operator.id),
    id ? orNullIfNotFound(getConversationForOperator(id, operator.id)) : null,
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
                      {c.card ? ` · ${c.card.kind === 'order' ? `订单 ${c.card.orderNo}` : c.card.name}` : ''}
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
          <ConversationPanel c={conversation} canned={canned} />
        ) : (
          <section className="admin-panel kefu-main">
            <p className="muted">{id ? '会话不存在。' : '从左侧选择一个会话。'}</p>
          </section>
        )}
      </div>
    </>
  );
}

function CardLink({ card }: { card: SupportCard }) {
  if (card.kind === 'product') {
    return (
      <p className="kefu-card">
        咨询商品：<Link href={`/admin/products/${card.productId}`}>{card.name}</Link>
      </p>
    );
  }
  return (
    <p className="kefu-card">
      咨询订单：<Link href={`/admin/orders/${card.orderNo}`}>{card.orderNo}</Link> · {card.title} · {ORDER_STATUS_LABEL[card.status as OrderStatus] ?? card.status} · {formatFen(card.totalFen)}
    </p>
  );
}

function ConversationPanel({ c, canned }: { c: AdminConversation; canned: { id: number; text: string }[] }) {
  const origin = siteUrl();
  return (
    <>
      <section className="admin-panel kefu-main" aria-label={`与 ${c.shopper} 的会话`}>
        <header className="kefu-head">
          <div>
            <h2>{c.shopper}</h2>
            <p className="small muted">
              {SUPPORT_STATUS_NAMES[c.status]}
              {c.operator ? ` · 接待：${c.operator}` : ''}
              {c.waitingSince && c.status !== 'closed' ? ` · 已等待 ${waitedFor(c.waitingSince)}` : ''} · 开始于 {formatTime(c.createdAt)}
            </p>
          </div>
          <SupportTakeClose id={c.id} status={c.status} mine={c.mine} />
        </header>
        {c.card ? <CardLink card={c.card} /> : null}
        <ol className="kefu-lines" aria-label="消息">
          {c.items.map((m) => (
            <li key={m.id} className={m.from === 'shop' ? 'shop' : 'shopper'}>
              <span className="small muted">
                {m.from === 'shop' ? (m.operator ? `客服 ${m.operator}` : '自动回复') : c.shopper} · {formatTime(m.createdAt)}
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
                      <img src={`/api/v1/uploads/${img}`} alt="顾客发送的图片" width={96} height={96} loading="lazy" />
                    </a>
                  ))}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
        {c.status !== 'closed' && (c.mine || c.status === 'waiting') ? <SupportReplyBox id={c.id} canned={canned} /> : null}
        {c.status === 'open' && !c.mine ? <p className="muted small">该会话由 {c.operator} 接待，只有接待人可以回复。</p> : null}
      </section>
      <aside className="admin-panel kefu-side" aria-label="顾客最近的订单">
        <h2>最近订单</h2>
        {c.recentOrders.length ? (
          <ul>
            {c.recentOrders.map((o) => (
              <li key={o.orderNo}>
                <Link href={`/admin/orders/${o.orderNo}`}>{o.orderNo}</Link>
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
