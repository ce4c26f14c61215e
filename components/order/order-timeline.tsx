import { ORDER_STATUS_LABEL } from '@/lib/domain/order-status';
import { formatTime } from './format-time';
import type { Order } from './types';

type Step = { label: string; at: string | null };

/** The order's way so far: 提交订单 → 付款 → 发货 → 完成, or → 已取消 / 退款. */
function steps(o: Order): Step[] {
  const base: Step[] = [{ label: '提交订单', at: o.createdAt }];
  if (o.status === 'cancelled') return [...base, { label: ORDER_STATUS_LABEL.cancelled, at: o.cancelledAt }];
  base.push({ label: '付款成功', at: o.paidAt });
  if (o.kind !== 'service') base.push({ label: '商品发货', at: o.shippedAt });
  base.push({ label: '交易完成', at: o.completedAt });
  if (o.status === 'refunding' || o.status === 'refunded') base.push({ label: ORDER_STATUS_LABEL[o.status], at: null });
  return base;
}

export function OrderTimeline({ order }: { order: Order }) {
  const list = steps(order);
  const lastDone = list.reduce((n, s, i) => (s.at ? i : n), 0);
  return (
    <ol className="order-timeline" aria-label="订单进度">
      {list.map((s, i) => {
        const state = s.at ? 'done' : 'todo';
        return (
          <li key={s.label} data-state={state} aria-current={i === lastDone ? 'step' : undefined}>
            <span className="order-timeline-label">{s.label}</span>
            {s.at ? <time dateTime={s.at}>{formatTime(s.at)}</time> : null}
          </li>
        );
      })}
    </ol>
  );
}
