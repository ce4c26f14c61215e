import Link from 'next/link';
import { ORDER_STATUS_LABEL } from '@/lib/order-status';
import { formatFen } from '@/lib/money';
import { screenHref } from '@/lib/screens';
import { formatTime } from './format-time';
import { OrderLines } from './order-lines';
import type { OrderSummary } from './types';

/** One order in the mobile list: number, state (and its after-sales), up to three goods, total, 查看详情 / 去支付 / 申请售后. */
export function OrderCard({ order }: { order: OrderSummary }) {
  return (
    <article className="card order-card" aria-label={`订单 ${order.orderNo}`}>
      <header className="spread small">
        <span className="muted">
          <time dateTime={order.createdAt}>{formatTime(order.createdAt)}</time> · {order.orderNo}
        </span>
        <strong className="order-status" data-status={order.status}>
          {ORDER_STATUS_LABEL[order.status]}
          {order.afterSale ? (
            <span className="after-sale-badge" data-state={order.afterSale.state}>
              {order.afterSale.label}
            </span>
          ) : null}
        </strong>
      </header>
      <OrderLines lines={order.lines} />
      <footer className="spread">
        <span className="small">
          共 {order.itemCount} 件，实付 <span className="price">{formatFen(order.totalFen)}</span>
        </span>
        <span className="row">
          {order.status === 'pending_payment' ? (
            <Link href={screenHref('pay', 'mobile', { orderNo: order.orderNo })} className="btn btn-warm" prefetch={false}>
              去支付
            </Link>
          ) : null}
          {order.canAfterSale ? (
            <Link href={screenHref('afterSaleApply', 'mobile', { orderNo: order.orderNo })} className="btn btn-ghost" prefetch={false}>
              申请售后
            </Link>
          ) : null}
          <Link href={screenHref('orderDetail', 'mobile', { orderNo: order.orderNo })} className="btn btn-ghost" prefetch={false}>
            查看详情
          </Link>
        </span>
      </footer>
    </article>
  );
}
