import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditPanel } from '@/components/admin/audit-panel';
import { ConsoleActionButton } from '@/components/admin/console-action-button';
import { TablePanel } from '@/components/admin/table-panel';
import { WaybillForm } from '@/components/admin/waybill-form';
import { formatTime } from '@/components/order/format-time';
import { DataTable } from '@/components/ui/data-table';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { formatFen } from '@/lib/domain/money';
import { orNullIfNotFound } from '@/lib/server/errors';
import { getAdminOrder } from '@/lib/server/flows/order-admin';
import { orderTracking } from '@/lib/server/views/order-tracking';

type Props = { params: Promise<{ orderNo: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `订单 ${(await params).orderNo}` };
}

export default async function AdminOrderPage({ params }: Props) {
  await requirePageOperator();
  const o = (await orNullIfNotFound(getAdminOrder((await params).orderNo))) ?? notFound();
  const tracking = await orderTracking(null, o.orderNo);
  const a = o.address;
  return (
    <>
      <p className="small">
        <Link href="/admin/orders">← 返回订单列表</Link>
      </p>
      <h1>
        订单 {o.orderNo} <span className="tag">{o.statusLabel}</span>
        {o.afterSale ? <span className="tag tag-warn">{o.afterSale.label}</span> : null}
      </h1>
      <div className="admin-grid">
        <div>
          <section className="admin-panel" aria-labelledby="o-lines">
            <h2 id="o-lines">商品</h2>
            <DataTable
              caption="订单商品"
              hideCaption
              wrapClass="admin-table"
              head={['商品', '规格', '单价', '数量', '优惠', '实付单价', '实付小计']}
              rows={o.lines.map((l) => ({
                key: String(l.skuId),
                cells: [
                  l.productName,
                  l.skuName,
                  formatFen(l.priceFen),
                  l.quantity,
                  l.discountFen ? `−${formatFen(l.discountFen)}` : '—',
                  l.paidUnitExact ? formatFen(l.paidUnitFen) : `${formatFen(l.paidUnitFen)}（取整）`,
                  formatFen(l.paidFen),
                ],
              }))}
            />
            {o.lines.some((l) => !l.paidUnitExact) ? <p className="small muted">实付单价按分向下取整，实付小计为该行实际支付金额。</p> : null}
            <p className="small">
              商品 {formatFen(o.itemsTotalFen)} · 运费 {formatFen(o.shippingFen)}
              {o.discountFen ? ` · 优惠券 −${formatFen(o.discountFen)}${o.coupon ? `（${o.coupon.name}）` : ''}` : null} · 实付 <strong>{formatFen(o.totalFen)}</strong>
            </p>
            {o.remark ? <p className="small">买家备注：{o.remark}</p> : null}
          </section>
          <section className="admin-panel" aria-labelledby="o-facts">
            <h2 id="o-facts">订单信息</h2>
            <dl className="admin-facts">
              <dt>下单用户</dt>
              <dd>
                {o.buyer.phone}
                {o.buyer.nickname ? `（${o.buyer.nickname}）` : ''}
              </dd>
              <dt>收货信息</dt>
              <dd>{a ? `${a.name} ${a.tel} ${a.province}${a.city}${a.county}${a.addressDetail}` : '服务类订单，无需收货地址'}</dd>
              <dt>下单时间</dt>
              <dd>{formatTime(o.createdAt)}</dd>
              <dt>付款时间</dt>
              <dd>{formatTime(o.paidAt) || '—'}</dd>
              <dt>发货时间</dt>
              <dd>{formatTime(o.shippedAt) || '—'}</dd>
              <dt>物流</dt>
              <dd>{o.trackingNo ? `${o.carrier} ${o.trackingNo}` : '—'}</dd>
              {o.cancelReason ? (
                <>
                  <dt>取消原因</dt>
                  <dd>{o.cancelReason}</dd>
                </>
              ) : null}
              {o.hiddenAt ? (
                <>
                  <dt>用户删除</dt>
                  <dd>{formatTime(o.hiddenAt)}（用户的订单列表中已不显示）</dd>
                </>
              ) : null}
              <dt>发票</dt>
              <dd>
                {o.invoiceRequest
                  ? `${o.invoiceRequest.title}（${o.invoiceRequest.invoiceNo ? `发票号 ${o.invoiceRequest.invoiceNo}` : o.invoiceRequest.status === 'rejected' ? `已驳回：${o.invoiceRequest.rejectReason ?? ''}` : '待开票'}）`
                  : '未申请'}
              </dd>
            </dl>
          </section>
          {tracking.state ? (
            <section className="admin-panel" aria-labelledby="o-events">
              <h2 id="o-events">
                物流轨迹 <span className="tag">{tracking.stateLabel}</span>
              </h2>
              {tracking.signedAt ? <p className="small">签收时间：{formatTime(tracking.signedAt)}（自动确认收货从签收起算）</p> : null}
              <ol>
                {tracking.events.map((e, i) => (
                  <li key={i}>
                    <time dateTime={e.time}>{formatTime(e.time)}</time> {e.stateLabel ? `【${e.stateLabel}】` : ''}
                    {e.text}
                    {e.place ? `（${e.place}）` : ''}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          {o.payments.length ? (
            <TablePanel
              id="o-pay"
              title="支付记录"
              head={['支付单号', '渠道', '金额', '状态', '付款时间']}
              rows={o.payments.map((p) => ({
                key: p.paymentNo,
                cells: [p.paymentNo, p.channelLabel, formatFen(p.amountFen), p.statusLabel, formatTime(p.paidAt) || '—'],
              }))}
            />
          ) : null}
          {o.refunds.length ? (
            <TablePanel
              id="o-refunds"
              title="退款记录"
              head={['退款单号', '金额', '状态', '原因', '发起时间', '到账时间']}
              rows={o.refunds.map((r) => ({
                key: r.refundNo,
                cells: [r.refundNo, formatFen(r.amountFen), r.statusLabel, r.reason, formatTime(r.createdAt), formatTime(r.refundedAt) || '—'],
              }))}
            />
          ) : null}
          {o.afterSales.length ? (
            <TablePanel
              id="o-aftersales"
              title="售后记录"
              head={['售后单号', '类型', '状态', '退款金额', '申请时间']}
              rows={o.afterSales.map((a) => ({
                key: a.afterSaleNo,
                cells: [
                  <Link key="n" href={`/admin/aftersales/${a.afterSaleNo}`}>
                    {a.afterSaleNo}
                  </Link>,
                  a.typeLabel,
                  <span key="s" className={a.status === 'pending_review' || a.status === 'returning' ? 'tag tag-warn' : 'tag'}>
                    {a.statusLabel}
                  </span>,
                  formatFen(a.refundFen),
                  formatTime(a.createdAt),
                ],
              }))}
            />
          ) : null}
        </div>
        <div>
          {o.operations.ship ? (
            <section className="admin-panel" aria-labelledby="o-ship">
              <h2 id="o-ship">发货</h2>
              <WaybillForm id="ship" path={`/admin/orders/${o.orderNo}/ship`} label="发货" done="已发货" />
            </section>
          ) : null}
          {o.operations.cancel ? (
            <section className="admin-panel" aria-labelledby="o-cancel">
              <h2 id="o-cancel">取消订单</h2>
              <p className="small muted">订单尚未付款。取消后库存退回，买家看到“商家取消”。</p>
              <ConsoleActionButton
                path={`/admin/orders/${o.orderNo}/cancel`}
                label="取消订单"
                confirmText={`确定取消订单 ${o.orderNo} 吗？`}
                done="订单已取消"
              />
            </section>
          ) : null}
          {o.operations.refund ? (
            <section className="admin-panel" aria-labelledby="o-refund">
              <h2 id="o-refund">退款</h2>
              <p className="small muted">
                {o.refundLeftFen < o.totalFen ? `退回尚未退款的 ${formatFen(o.refundLeftFen)}（已有售后退款）` : '全额退回'}原支付渠道，订单变为“退款中”；已开的发票进入待红冲。
              </p>
              <ConsoleActionButton
                path={`/admin/orders/${o.orderNo}/refund`}
                label="退款"
                confirmText={`确定为订单 ${o.orderNo} 退款 ${formatFen(o.refundLeftFen)} 吗？`}
                done="已提交退款"
                className="btn btn-warm"
              />
            </section>
          ) : null}
          <AuditPanel rows={o.audit} />
        </div>
      </div>
    </>
  );
}
