'use client';
/** Above the pay methods (/PayDetail, /PaySelectPC): which order, how much, and the time left to pay. */
import Link from 'next/link';
import { ORDER_STATUS_LABEL } from '@/lib/domain/order-status';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import { OrderState } from './order-state';
import { PayCountdown } from './pay-countdown';
import { useOrder } from './use-order';

export function PaySummary({ orderNo, listPath }: { orderNo: string | null; listPath: string }) {
  const { data: order, error, mutate } = useOrder(orderNo);
  if (!orderNo) return <OrderState kind="missing" back={listPath} />;
  if (error && !order) return <OrderState kind="error" back={listPath} />;
  if (!order) return <OrderState kind="loading" back={listPath} />;
  const unpaid = order.status === 'pending_payment';
  return (
    <section className="card pay-summary" aria-labelledby="pay-summary-title">
      <h2 id="pay-summary-title" className="sr-only">
        订单信息
      </h2>
      <dl className="term-list order-facts">
        <div>
          <dt>订单编号</dt>
          <dd data-testid="order-no">{order.orderNo}</dd>
        </div>
        {order.discountFen > 0 ? (
          <div>
            <dt>{order.coupon ? '优惠券' : '优惠'}</dt>
            <dd>
              -{formatFen(order.discountFen)}
              {order.coupon ? <span className="muted small">（{order.coupon.name}）</span> : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>应付金额</dt>
          <dd className="price pay-amount">{formatFen(order.totalFen)}</dd>
        </div>
        {unpaid ? null : (
          <div>
            <dt>订单状态</dt>
            <dd>{ORDER_STATUS_LABEL[order.status]}</dd>
          </div>
        )}
      </dl>
      {unpaid && order.payDeadline ? <PayCountdown deadline={order.payDeadline} onExpire={() => mutate()} /> : null}
      {unpaid ? null : <p className="notice small">该订单无需支付。</p>}
      <p className="small">
        <Link href={screenHref('orderDetail', 'mobile', { orderNo: order.orderNo })} prefetch={false}>
          查看订单详情
        </Link>
      </p>
    </section>
  );
}
