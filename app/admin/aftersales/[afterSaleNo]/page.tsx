import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditPanel } from '@/components/admin/audit-panel';
import { ReceiveAfterSaleForm, RejectAfterSaleForm, ReturnShippingForm } from '@/components/admin/after-sale-actions';
import { ConsoleActionButton } from '@/components/admin/console-action-button';
import { TablePanel } from '@/components/admin/table-panel';
import { WaybillForm } from '@/components/admin/waybill-form';
import { PhotoList } from '@/components/after-sale/photo-list';
import { formatTime } from '@/components/order/format-time';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { AFTER_SALE_RESHIP_COMPLETE_DAYS, AFTER_SALE_RETURN_DAYS, RETURN_SHIPPING_CAP_FEN } from '@/lib/domain/after-sale-rules';
import { formatFen } from '@/lib/domain/money';
import { SHOP_FAULT_SHIPPING } from '@/lib/domain/after-sale';
import { orNullIfNotFound } from '@/lib/server/errors';
import { getAdminAfterSale } from '@/lib/server/views/console-after-sales';
import { OrderLink } from '@/components/admin/order-link';

type Props = { params: Promise<{ afterSaleNo: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `售后 ${(await params).afterSaleNo}` };
}

export default async function AdminAfterSalePage({ params }: Props) {
  await requirePageOperator();
  const a = (await orNullIfNotFound(getAdminAfterSale((await params).afterSaleNo))) ?? notFound();
  const ops = a.operations;
  const money = a.type === 'exchange' ? null : formatFen(a.refundFen);
  const shipping = a.returnShipping;
  return (
    <>
      <p className="small">
        <Link href="/admin/aftersales">← 返回售后列表</Link>
      </p>
      <h1>
        售后 {a.afterSaleNo} <span className={ops.approve || ops.receive || ops.reship || ops.returnShipping ? 'tag tag-warn' : 'tag'}>{a.statusLabel}</span>
      </h1>
      <div className="admin-grid">
        <div>
          <TablePanel
            id="as-lines"
            title="售后商品"
            head={['商品', '规格', '实付单价', '数量', '退款']}
            rows={a.items.map((l) => ({
              key: String(l.orderItemId),
              cells: [l.productName, l.skuName, formatFen(l.paidUnitFen), l.quantity, a.type === 'exchange' ? '—' : formatFen(l.refundFen)],
            }))}
          >
            <p className="small">
              {a.typeLabel} · {money ? `退款 ${money}${a.shippingFen > 0 ? `（含运费 ${formatFen(a.shippingFen)}）` : ''}` : '换货不退款'}
            </p>
          </TablePanel>
          <section className="admin-panel" aria-labelledby="as-facts">
            <h2 id="as-facts">申请信息</h2>
            <dl className="admin-facts">
              <dt>订单</dt>
              <dd>
                <OrderLink orderNo={a.orderNo} />
              </dd>
              <dt>买家</dt>
              <dd>
                {a.buyer.phone}
                {a.buyer.nickname ? `（${a.buyer.nickname}）` : ''}
              </dd>
              <dt>售后原因</dt>
              <dd>
                {a.reasonLabel}（{a.fault === 'shop' ? `商家责任：${SHOP_FAULT_SHIPPING[a.type]}；寄回运费由商家承担，收货后核定运费补偿，最多 ${formatFen(RETURN_SHIPPING_CAP_FEN)}` : '买家原因'}）
              </dd>
              <dt>问题描述</dt>
              <dd>{a.description.trim() || '无'}</dd>
              <dt>申请时间</dt>
              <dd>{formatTime(a.createdAt)}</dd>
              {a.dueAt ? (
                <>
                  <dt>自动处理时间</dt>
                  <dd>{formatTime(a.dueAt)}</dd>
                </>
              ) : null}
              {a.returnShipment ? (
                <>
                  <dt>退货物流</dt>
                  <dd>
                    {a.returnShipment.carrier} {a.returnShipment.trackingNo}
                  </dd>
                </>
              ) : null}
              {a.pickup ? (
                <>
                  <dt>上门取件</dt>
                  <dd data-testid="console-pickup">
                    {a.pickup.stateLabel} · {a.pickup.slotLabel} · {a.pickup.carrier}
                    {a.pickup.courierName ? ` · 快递员 ${a.pickup.courierName} ${a.pickup.courierPhone ?? ''}` : ''}
                    {a.pickup.trackingNo ? ` · 运单号 ${a.pickup.trackingNo}` : ''}
                    {a.pickup.note && a.pickup.state === 'failed' ? `（${a.pickup.note}）` : ''}
                    <br />
                    <span className="muted small">
                      取件地址：{a.pickup.address.name} {a.pickup.address.tel} {[a.pickup.address.province, a.pickup.address.city, a.pickup.address.county, a.pickup.address.addressDetail].join(' ')}
                    </span>
                  </dd>
                </>
              ) : null}
              {shipping ? (
                <>
                  <dt>寄回运费</dt>
                  <dd>买家垫付 {formatFen(shipping.statedFen)}</dd>
                  <dt>运费补偿</dt>
                  <dd>
                    {shipping.approvedFen === null
                      ? '待核定'
                      : shipping.approvedFen === 0
                        ? `不予补偿（${shipping.note}）`
                        : `${formatFen(shipping.approvedFen)}${shipping.note ? `（${shipping.note}）` : ''}${shipping.refund ? ` · ${shipping.refund.statusLabel}` : ''}`}
                  </dd>
                </>
              ) : null}
              {a.restocked !== null ? (
                <>
                  <dt>退回商品</dt>
                  <dd>{a.restocked ? '已入库' : '已报损'}</dd>
                </>
              ) : null}
              {a.reshipment ? (
                <>
                  <dt>换新物流</dt>
                  <dd>
                    {a.reshipment.carrier} {a.reshipment.trackingNo}
                  </dd>
                </>
              ) : null}
              {a.rejectReason ? (
                <>
                  <dt>拒绝原因</dt>
                  <dd>{a.rejectReason}</dd>
                </>
              ) : null}
            </dl>
            {a.images.length ? (
              <PhotoList images={a.images} />
            ) : (
              <p className="small muted">买家没有上传凭证图片。</p>
            )}
          </section>
          {a.refunds.length ? (
            <TablePanel
              id="as-refunds"
              title="退款记录"
              head={['退款单号', '类型', '金额', '状态', '发起时间', '到账时间']}
              rows={a.refunds.map((r) => ({
                key: r.refundNo,
                cells: [r.refundNo, r.kindLabel, formatFen(r.amountFen), r.statusLabel, formatTime(r.createdAt), formatTime(r.refundedAt) || '—'],
              }))}
            />
          ) : null}
          <section className="admin-panel" aria-labelledby="as-timeline">
            <h2 id="as-timeline">处理进度</h2>
            <ul className="small">
              {a.timeline.map((t, i) => (
                <li key={i}>
                  <time dateTime={t.createdAt}>{formatTime(t.createdAt)}</time> <strong>{t.statusLabel}</strong> {t.note}
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div>
          {ops.approve ? (
            <section className="admin-panel" aria-labelledby="as-approve">
              <h2 id="as-approve">审核</h2>
              <p className="small muted">
                {a.type === 'refund_only' ? `同意后立即原路退款 ${money}。` : `同意后买家看到退货地址，需在 ${AFTER_SALE_RETURN_DAYS} 天内寄回。`}
                {a.dueAt ? `未处理的申请将在 ${formatTime(a.dueAt)} 自动同意。` : ''}
              </p>
              <ConsoleActionButton
                path={`/admin/aftersales/${a.afterSaleNo}/approve`}
                label="同意"
                confirmText={`确定同意售后申请 ${a.afterSaleNo}（${a.typeLabel}）吗？`}
                done="已同意售后申请"
                className="btn"
              />
            </section>
          ) : null}
          {ops.reject ? (
            <section className="admin-panel" aria-labelledby="as-reject-h">
              <h2 id="as-reject-h">拒绝</h2>
              <RejectAfterSaleForm afterSaleNo={a.afterSaleNo} />
            </section>
          ) : null}
          {ops.receive ? (
            <section className="admin-panel" aria-labelledby="as-receive">
              <h2 id="as-receive">收货</h2>
              <ReceiveAfterSaleForm afterSaleNo={a.afterSaleNo} refunds={a.type === 'return_refund' ? money : null} />
              {shipping ? <p className="small muted">买家填写了寄回运费 {formatFen(shipping.statedFen)}，收货后在「运费补偿」中核定。</p> : null}
            </section>
          ) : null}
          {ops.returnShipping && shipping && a.returnShippingMaxFen !== null ? (
            <section className="admin-panel" aria-labelledby="as-ship">
              <h2 id="as-ship">运费补偿</h2>
              <p className="small muted">
                商家责任的退换货，买家垫付的寄回运费经核定后单独原路退回（最多 {formatFen(RETURN_SHIPPING_CAP_FEN)}），不计入商品退款，发票不红冲。
                {a.returnShippingMaxFen < shipping.statedFen
                  ? a.returnShippingMaxFen === 0
                    ? '该订单的实付金额已全部退还（或留待商品退款），无法原路补偿，只能填 0 不予补偿并说明原因。'
                    : `该订单最多还能原路退回 ${formatFen(a.returnShippingMaxFen)}。`
                  : ''}
              </p>
              <ReturnShippingForm afterSaleNo={a.afterSaleNo} statedFen={shipping.statedFen} maxFen={a.returnShippingMaxFen} />
            </section>
          ) : null}
          {ops.retryReturnShipping && shipping?.approvedFen ? (
            <section className="admin-panel" aria-labelledby="as-ship-retry">
              <h2 id="as-ship-retry">运费补偿退款失败</h2>
              <p className="small muted">支付渠道拒绝了这笔运费补偿（如商户余额不足）。处理后可重新发起，金额不变。</p>
              <ConsoleActionButton
                path={`/admin/aftersales/${a.afterSaleNo}/return-shipping/refund`}
                label="重新退款"
                confirmText={`确定重新发起运费补偿 ${formatFen(shipping.approvedFen)} 吗？`}
                done="已重新发起运费补偿"
                className="btn btn-warm"
              />
            </section>
          ) : null}
          {ops.retryRefund ? (
            <section className="admin-panel" aria-labelledby="as-retry">
              <h2 id="as-retry">退款失败</h2>
              <p className="small muted">支付渠道拒绝了这笔退款（如商户余额不足）。处理后可重新发起，金额不变。</p>
              <ConsoleActionButton
                path={`/admin/aftersales/${a.afterSaleNo}/refund`}
                label="重新退款"
                confirmText={`确定重新发起退款 ${money} 吗？`}
                done="已重新发起退款"
                className="btn btn-warm"
              />
            </section>
          ) : null}
          {ops.reship ? (
            <section className="admin-panel" aria-labelledby="as-reship">
              <h2 id="as-reship">换新发出</h2>
              <p className="small muted">发出后扣减库存；买家确认收货，或 {AFTER_SALE_RESHIP_COMPLETE_DAYS} 天后自动完成。</p>
              <WaybillForm id="reship" path={`/admin/aftersales/${a.afterSaleNo}/reship`} label="换新发出" done="换新商品已发出" />
            </section>
          ) : null}
          <AuditPanel rows={a.audit} />
        </div>
      </div>
    </>
  );
}
