'use client';
/** /OrderDistribute?orderNo=: carrier, tracking number and the shipment's events, newest first. */
import Link from 'next/link';
import { ORDER_STATUS_LABEL } from '@/lib/domain/order-status';
import { screenHref } from '@/lib/domain/screens';
import { formatTime } from './format-time';
import { OrderState } from './order-state';
import { useOrder } from './use-order';

export function OrderLogistics({ orderNo, listPath }: { orderNo: string | null; listPath: string }) {
  const { data: order, error } = useOrder(orderNo);
  if (!orderNo) return <OrderState kind="missing" back={listPath} />;
  if (error && !order) return <OrderState kind="error" back={listPath} />;
  if (!order) return <OrderState kind="loading" back={listPath} />;

  const events = [...order.shipmentEvents].sort((a, b) => new Date(b.occurredAt).getTime() - new Date(a.occurredAt).getTime());
  const back = (
    <Link href={screenHref('orderDetail', 'mobile', { orderNo: order.orderNo })} prefetch={false}>
      返回订单详情
    </Link>
  );
  if (!order.carrier && !order.trackingNo) {
    return (
      <section className="card empty">
        <p>
          {order.kind === 'service'
            ? '量子安全服务无需配送，付款后激活码在订单详情中查看。'
            : order.status === 'cancelled'
              ? '该订单已取消，没有物流信息。'
              : `该订单（${ORDER_STATUS_LABEL[order.status]}）尚未发货，发货后这里会显示快递公司、运单号和物流轨迹。`}
        </p>
        <p>{back}</p>
      </section>
    );
  }
  return (
    <section className="card logistics" aria-labelledby="logistics-title">
      <h2 id="logistics-title">包裹信息</h2>
      <dl className="term-list order-facts">
        <div>
          <dt>订单编号</dt>
          <dd>{order.orderNo}</dd>
        </div>
        <div>
          <dt>快递公司</dt>
          <dd>{order.carrier ?? '—'}</dd>
        </div>
        <div>
          <dt>运单号</dt>
          <dd>{order.trackingNo ?? '—'}</dd>
        </div>
      </dl>
      <h3>物流轨迹</h3>
      {events.length ? (
        <ol className="help-timeline logistics-events">
          {events.map((e, i) => (
            <li key={i}>
              <time dateTime={e.occurredAt}>{formatTime(e.occurredAt)}</time>
              <p>
                {e.description}
                {e.location ? <span className="muted small">（{e.location}）</span> : null}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">包裹已交给快递公司，暂无物流轨迹，请稍后再看。</p>
      )}
      <p>{back}</p>
    </section>
  );
}
