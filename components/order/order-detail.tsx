'use client';
/**
 * 订单详情 (/OrderDetail, /OrderDetailPC): status and timeline, the pay-deadline countdown of an
 * unpaid order (at 0 it re-reads the order: the server cancels it), goods (a service line with 查看服务,
 * its subscriptions' pages), address, totals, activation codes of service orders (复制, how to
 * activate), how and when it was paid, remark, the parcel's newest tracking line (opens 物流详情), and
 * the actions the state allows.
 */
import Link from 'next/link';
import { useState } from 'react';
import type { Device } from '@/lib/web/device';
import { screenHref } from '@/lib/domain/screens';
import { withQuery } from '@/lib/web/query-string';
import { AddressText } from '@/components/address/address-card';
import { LicenseList } from './license-list';
import { formatFen } from '@/lib/domain/money';
import { formatTime } from './format-time';
import { StatusLabel } from './status-label';
import { OrderActionsBar } from './order-actions';
import { LineAfterSales } from './line-after-sales';
import { OrderLines } from './order-lines';
import { OrderState } from './order-state';
import { OrderTimeline } from './order-timeline';
import { OrderTotals } from './order-totals';
import { PayCountdown } from './pay-countdown';
import { useOrder } from './use-order';
import { PriceProtectDialog } from '@/components/price-protect/price-protect-dialog';

export function OrderDetail({ orderNo, listPath, device }: { orderNo: string | null; listPath: string; device: Device }) {
  const { data: order, error, mutate } = useOrder(orderNo);
  // The line whose 申请价保 dialog is open (docs/rules.md#价保).
  const [protecting, setProtecting] = useState<number | null>(null);
  if (!orderNo) return <OrderState kind="missing" back={listPath} />;
  if (error && !order) return <OrderState kind="error" back={listPath} />;
  if (!order) return <OrderState kind="loading" back={listPath} />;

  const unpaid = order.status === 'pending_payment' && order.payDeadline;
  return (
    <div className="order-detail">
      <section className="card order-head" aria-labelledby="order-status-title">
        <div className="spread">
          <h2 id="order-status-title" className="order-status" data-status={order.status}>
            <StatusLabel order={order} />
          </h2>
          <p className="muted small">
            订单编号 <span data-testid="order-no">{order.orderNo}</span>
          </p>
        </div>
        {unpaid ? <PayCountdown deadline={order.payDeadline!} onExpire={() => mutate()} /> : null}
        {order.status === 'cancelled' && order.cancelReason ? <p className="muted small">取消原因：{order.cancelReason}</p> : null}
        <OrderTimeline order={order} />
        <OrderActionsBar order={order} device={device} onChange={(o) => mutate(o, { revalidate: false })} />
      </section>

      {order.latestTrack ? (
        <section className="card order-latest-track" aria-labelledby="order-track-title">
          <h2 id="order-track-title" className="sr-only">
            最新物流
          </h2>
          <Link href={withQuery('/OrderDistribute', { orderNo: order.orderNo })} prefetch={false} className="spread">
            <span>
              {order.latestTrack.stateLabel ? <strong className="logistics-step">{order.latestTrack.stateLabel} </strong> : null}
              <span data-testid="latest-track">{order.latestTrack.text}</span>
              <br />
              <time className="muted small" dateTime={order.latestTrack.time}>
                {formatTime(order.latestTrack.time)}
              </time>
            </span>
            <span aria-hidden="true">›</span>
            <span className="sr-only">查看物流详情</span>
          </Link>
        </section>
      ) : null}

      {order.address ? (
        <section className="card" aria-labelledby="order-address-title">
          <h2 id="order-address-title">收货信息</h2>
          <AddressText address={order.address} />
        </section>
      ) : null}

      <section className="card" aria-labelledby="order-goods-title">
        <h2 id="order-goods-title">商品</h2>
        <OrderLines
          lines={order.lines}
          action={(line) => (
            <>
              <LineAfterSales requests={line.afterSales} device={device} />
              {/* A service line's subscriptions (one per unit unless the edition sells seats): their page on 我的服务. */}
              {line.subscriptionIds.map((id, i) => (
                <Link key={id} href={screenHref('serviceDetail', device, { id })} className="line-after-sale small tap" prefetch={false}>
                  查看服务{line.subscriptionIds.length > 1 ? ` ${i + 1}` : ''}
                </Link>
              ))}
              {/* Only lines with units not yet asked for; the form says which types and reasons are open. */}
              {order.actions.afterSale && line.quantity - line.afterSaleQuantity > 0 ? (
                <Link href={screenHref('afterSaleApply', 'mobile', { orderNo: order.orderNo, item: line.id })} className="line-after-sale small tap" prefetch={false}>
                  申请售后
                </Link>
              ) : null}
              {/* 价保: while the line's window is open; the dialog shows the amount before anything is claimed. */}
              {line.priceProtectUntil ? (
                <button type="button" className="line-after-sale link-button small tap" aria-label={`申请价保（${line.productName}）`} onClick={() => setProtecting(line.id)}>
                  申请价保
                </button>
              ) : null}
            </>
          )}
        />
        <OrderTotals totals={order}>
          {order.refundSettledFen > 0 ? (
            <div className="order-refunded">
              <dt>已退款</dt>
              <dd className="price">{formatFen(order.refundSettledFen)}</dd>
            </div>
          ) : null}
          {order.refundingFen > 0 ? (
            <div className="order-refunding">
              <dt>退款中</dt>
              <dd>{formatFen(order.refundingFen)}</dd>
            </div>
          ) : null}
          {/* 运费补偿: a shop-fault return's shipping paid back on its own, not a part of the order refunded. */}
          {order.returnShippingRefunds.map((r, i) => (
            <div key={i} className="order-return-shipping">
              <dt>运费补偿</dt>
              <dd>
                {formatFen(r.amountFen)} <span className="muted small">{r.statusLabel}</span>
              </dd>
            </div>
          ))}
        </OrderTotals>
        {protecting !== null ? (
          <PriceProtectDialog
            orderNo={order.orderNo}
            orderItemId={protecting}
            onClose={(claimed) => {
              setProtecting(null);
              if (claimed) void mutate();
            }}
          />
        ) : null}
      </section>

      {order.licenses.length ? (
        <section className="card" aria-labelledby="order-licenses-title">
          <h2 id="order-licenses-title">激活码</h2>
          <LicenseList licenses={order.licenses} onChange={() => mutate()} />
        </section>
      ) : null}

      <section className="card" aria-labelledby="order-info-title">
        <h2 id="order-info-title">订单信息</h2>
        <dl className="term-list order-facts">
          <div>
            <dt>下单时间</dt>
            <dd>{formatTime(order.createdAt)}</dd>
          </div>
          {order.payment ? (
            <div>
              <dt>支付方式</dt>
              <dd data-testid="pay-method">{order.payment.method}</dd>
            </div>
          ) : null}
          {order.paidAt || order.payment?.paidAt ? (
            <div>
              <dt>付款时间</dt>
              <dd>{formatTime((order.payment?.paidAt ?? order.paidAt)!)}</dd>
            </div>
          ) : null}
          {order.carrier ? (
            <div>
              <dt>快递</dt>
              <dd>
                {order.carrier} {order.trackingNo}
              </dd>
            </div>
          ) : null}
          {order.invoice ? (
            <div>
              <dt>发票</dt>
              <dd>
                <span className="invoice-status" data-status={order.invoice.status}>
                  {order.invoice.statusLabel}
                </span>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>订单备注</dt>
            <dd>{order.remark?.trim() || '无'}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
