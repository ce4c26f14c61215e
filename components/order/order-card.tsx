import Link from 'next/link';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import { FinishedOrderButtons } from './finished-order-buttons';
import { formatTime } from './format-time';
import { StatusLabel } from './status-label';
import { OrderLines } from './order-lines';
import type { OrderSummary } from './types';

/**
 * One order in the mobile list: number, state (and its after-sales) with 删除订单 beside it, up to three
 * goods, the total with 查看详情, and the buttons: 申请售后 / 再次购买 / 去支付 or 评价.
 */
export function OrderCard({ order }: { order: OrderSummary }) {
  return (
    <article className="card order-card" aria-label={`订单 ${order.orderNo}`}>
      <header className="spread small">
        <span className="muted">
          <time dateTime={order.createdAt}>{formatTime(order.createdAt)}</time> · {order.orderNo}
        </span>
        <span className="order-card-state">
          <strong className="order-status" data-status={order.status}>
            <StatusLabel order={order} />
          </strong>
          <FinishedOrderButtons order={order} device="mobile" only="remove" />
        </span>
      </header>
      <OrderLines lines={order.lines} />
      <p className="spread small order-card-sum">
        <span>
          共 {order.itemCount} 件，实付 <span className="price">{formatFen(order.totalFen)}</span>
        </span>
        <Link href={screenHref('orderDetail', 'mobile', { orderNo: order.orderNo })} prefetch={false}>
          查看详情<span aria-hidden="true"> ›</span>
        </Link>
      </p>
      {/* At most three buttons, the one the order waits for last (as JD's cards): they fit one row at 375 px. */}
      <footer className="order-card-buttons">
        {order.canAfterSale ? (
          <Link href={screenHref('afterSaleApply', 'mobile', { orderNo: order.orderNo })} className="btn btn-ghost" prefetch={false}>
            申请售后
          </Link>
        ) : null}
        <FinishedOrderButtons order={order} device="mobile" only="rebuy" />
        {order.status === 'pending_payment' ? (
          <Link href={screenHref('pay', 'mobile', { orderNo: order.orderNo })} className="btn btn-warm" prefetch={false}>
            去支付
          </Link>
        ) : null}
        {order.canReview ? (
          <Link href={screenHref('reviewApply', 'mobile', { orderNo: order.orderNo })} className="btn btn-warm" prefetch={false}>
            评价
          </Link>
        ) : null}
      </footer>
    </article>
  );
}
