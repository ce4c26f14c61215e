/** An order's state in words, with its after-sales badge (部分退款, 售后中 …) when it has one. */
import { ORDER_STATUS_LABEL } from '@/lib/domain/order-status';
import type { OrderSummary } from './types';

export function StatusLabel({ order }: { order: Pick<OrderSummary, 'status' | 'afterSale'> }) {
  return (
    <>
      {ORDER_STATUS_LABEL[order.status]}
      {order.afterSale ? (
        <span className="after-sale-badge" data-state={order.afterSale.state}>
          {order.afterSale.label}
        </span>
      ) : null}
    </>
  );
}
