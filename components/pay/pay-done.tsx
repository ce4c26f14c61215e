/**
 * 支付成功 on the pay screens (/PayDetail, /PaySelectPC, /WxpayDetail, /WxpayDetailPC, and their
 * return addresses): the order, what was paid, how and when, what happens next, 查看订单 and 继续购物.
 */
import { formatTime } from '@/components/order/format-time';
import type { Device } from '@/lib/web/device';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import type { Order } from '@/lib/server/views/orders-detail';
import { PaidActions } from './paid-actions';

export function PayDone({ order, device }: { order: Order; device: Device }) {
  const next =
    order.kind === 'service'
      ? '激活码已发放，可在订单详情或「我的服务」中复制和激活。'
      : order.lines.some((l) => l.kind === 'service')
        ? '我们将尽快为您发货；服务激活码已发放，可在订单详情中查看。'
        : '我们将尽快为您发货，发货后可在订单详情中查看物流。';
  return (
    <section className="card pay-result pay-result-ok" aria-labelledby="pay-done-title" data-testid="pay-done">
      <h2 id="pay-done-title" className="pay-result-title">
        订单已支付
      </h2>
      <dl className="term-list order-facts pay-facts">
        <div>
          <dt>订单编号</dt>
          <dd data-testid="order-no">{order.orderNo}</dd>
        </div>
        <div>
          <dt>订单状态</dt>
          <dd data-testid="order-status">{order.statusLabel}</dd>
        </div>
        <div>
          <dt>实付金额</dt>
          <dd className="price">{formatFen(order.totalFen)}</dd>
        </div>
        {order.payment ? (
          <div>
            <dt>支付方式</dt>
            <dd>{order.payment.method}</dd>
          </div>
        ) : null}
        {order.paidAt ? (
          <div>
            <dt>付款时间</dt>
            <dd>{formatTime(order.payment?.paidAt ?? order.paidAt)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="small">{next}</p>
      <PaidActions detailHref={screenHref('orderDetail', device, { orderNo: order.orderNo })} />
    </section>
  );
}
