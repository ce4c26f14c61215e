import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditPanel } from '@/components/admin/audit-panel';
import { ConsoleActionButton } from '@/components/admin/console-action-button';
import { SubscriptionAdjustForm } from '@/components/admin/subscription-adjust-form';
import { formatTime } from '@/components/order/format-time';
import { DataTable } from '@/components/ui/data-table';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { formatFen } from '@/lib/domain/money';
import { parseId } from '@/lib/server/db/id';
import { orNullIfNotFound } from '@/lib/server/errors';
import { getConsoleSubscription } from '@/lib/server/views/console-subscription';
import { OrderLink } from '@/components/admin/order-link';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `订阅 ${(await params).id}` };
}

/** What a history row changed: the end moved, the seats, the order or the operator behind it. */
function change(h: { fromEndsAt: string | null; toEndsAt: string | null; seats: number | null }): string {
  const parts: string[] = [];
  if (h.toEndsAt) parts.push(h.fromEndsAt ? `到期 ${formatTime(h.fromEndsAt)} → ${formatTime(h.toEndsAt)}` : `到期 ${formatTime(h.toEndsAt)}`);
  if (h.seats !== null) parts.push(`席位 ${h.seats}`);
  return parts.join('；') || '—';
}

export default async function AdminSubscriptionPage({ params }: Props) {
  await requirePageOperator();
  const id = parseId((await params).id) ?? notFound();
  const s = (await orNullIfNotFound(getConsoleSubscription(id))) ?? notFound();
  const contract = s.contracts.find((c) => c.state !== 'terminated');
  return (
    <>
      <p className="small">
        <Link href="/admin/subscriptions">← 返回订阅列表</Link>
      </p>
      <h1>
        订阅 {s.id} <span className={s.state === 'due_soon' || s.state === 'grace' ? 'tag tag-warn' : 'tag'}>{s.stateLabel}</span>
      </h1>
      <div className="admin-grid">
        <div>
          <section className="admin-panel" aria-labelledby="sb-facts">
            <h2 id="sb-facts">订阅信息</h2>
            <dl className="admin-facts">
              <dt>服务</dt>
              <dd>
                <Link href={`/admin/products/${s.productId}`}>{s.productName}</Link> · {s.edition}（{s.skuCode}）
              </dd>
              <dt>用户</dt>
              <dd>{s.shopper}</dd>
              <dt>席位</dt>
              <dd>
                已用 {s.seatsUsed} / 共 {s.seats}
              </dd>
              <dt>服务期</dt>
              <dd>{s.startsAt && s.endsAt ? `${formatTime(s.startsAt)} 至 ${formatTime(s.endsAt)}${s.daysLeft ? `（剩 ${s.daysLeft} 天）` : ''}` : '未开始（首个激活码激活时开始）'}</dd>
              <dt>续费一年</dt>
              <dd>
                {formatFen(s.yearFen)}（今日价格 {formatFen(s.priceFen)} × {s.seats} 席位）
              </dd>
              <dt>自动续费</dt>
              <dd>{contract ? `${contract.channelLabel} · ${contract.stateLabel}（协议号 ${contract.contractNo}）` : '未开通'}</dd>
              <dt>购买订单</dt>
              <dd>
                <OrderLink orderNo={s.orderNo} />
              </dd>
              <dt>创建时间</dt>
              <dd>{formatTime(s.createdAt)}</dd>
            </dl>
          </section>
          <section className="admin-panel" aria-labelledby="sb-codes">
            <h2 id="sb-codes">激活码（{s.codes.length}）</h2>
            <DataTable
              caption="激活码"
              hideCaption
              wrapClass="admin-table"
              head={['激活码', '状态', '激活时间', '作废时间', '订单']}
              rows={s.codes.map((c) => ({
                key: c.code,
                cells: [
                  <code key="c">{c.code}</code>,
                  c.stateLabel,
                  formatTime(c.activatedAt) || '—',
                  formatTime(c.revokedAt) || '—',
                  <OrderLink key="o" orderNo={c.orderNo} />,
                ],
              }))}
            />
          </section>
          <section className="admin-panel" aria-labelledby="sb-charges">
            <h2 id="sb-charges">自动续费扣款</h2>
            {s.charges.length ? (
              <DataTable
                caption="自动续费扣款"
                hideCaption
                wrapClass="admin-table"
                head={['续费的到期日', '金额', '状态', '订单', '操作']}
                rows={s.charges.map((c) => ({
                  key: String(c.id),
                  cells: [
                    formatTime(c.forEndsAt),
                    formatFen(c.amountFen),
                    <span key="s">
                      {c.stateLabel}
                      {c.attempts > 1 ? `（第 ${c.attempts} 次）` : ''}
                      {c.nextAttemptAt ? <span className="small muted">，{c.state === 'noticed' ? '扣款' : '重试'}于 {formatTime(c.nextAttemptAt)}</span> : null}
                      {c.lastError ? <span className="small muted">，{c.lastError}</span> : null}
                    </span>,
                    c.orderNo ? (
                      <OrderLink key="o" orderNo={c.orderNo} />
                    ) : (
                      '—'
                    ),
                    c.state === 'paid' && !c.refundRefusal ? (
                      <ConsoleActionButton
                        key="r"
                        path={`/admin/subscriptions/${s.id}/charges/${c.id}/refund`}
                        label="退还"
                        confirmText={`退还本次自动续费 ${formatFen(c.amountFen)}？服务期缩短一年，款项原路退回，发票随之处理。`}
                        done="已退还本次自动续费"
                      />
                    ) : (
                      <span key="r" className="small muted">
                        {c.state === 'paid' ? c.refundRefusal : '—'}
                      </span>
                    ),
                  ],
                }))}
              />
            ) : (
              <p className="muted small">{contract ? '还没有扣款：到期前 5 天通知用户扣款金额，到期时扣款。' : '未开通自动续费。'}</p>
            )}
          </section>
          <section className="admin-panel" aria-labelledby="sb-history">
            <h2 id="sb-history">订阅历史</h2>
            <DataTable
              caption="订阅历史"
              hideCaption
              wrapClass="admin-table"
              head={['时间', '事件', '变化', '订单或运营人员', '原因']}
              rows={s.history.map((h) => ({
                key: String(h.id),
                cells: [
                  formatTime(h.at),
                  h.kindLabel,
                  change(h),
                  h.orderNo ? (
                    <OrderLink key="o" orderNo={h.orderNo} />
                  ) : (
                    (h.operator ?? '—')
                  ),
                  h.reason ?? '—',
                ],
              }))}
            />
          </section>
        </div>
        <div>
          <section className="admin-panel" aria-labelledby="sb-adjust">
            <h2 id="sb-adjust">延长/缩短服务期</h2>
            {s.adjustRefusal || !s.endsAt ? (
              <p className="small muted">{s.adjustRefusal}</p>
            ) : (
              <>
                <p className="small muted">所有席位的到期时间一起移动；到期时间不能早于服务开始时间。用户的应用立即按新的到期时间生效。</p>
                <SubscriptionAdjustForm id={s.id} endsAt={s.endsAt} />
              </>
            )}
          </section>
          <section className="admin-panel" aria-labelledby="sb-reminders">
            <h2 id="sb-reminders">已发送的续费提醒</h2>
            {s.reminders.length ? (
              <ul className="small">
                {s.reminders.map((r) => (
                  <li key={`${r.kind}-${r.endsAt}`}>
                    {formatTime(r.sentAt)} {r.kindLabel}（当时到期 {formatTime(r.endsAt)}）
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted small">还没有发送过提醒。</p>
            )}
          </section>
          <AuditPanel rows={s.audit} />
        </div>
      </div>
    </>
  );
}
