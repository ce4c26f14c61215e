/** The books, orders: each order kept as many successful payments as its status allows. */
import { check } from '../report.mjs';

/**
 * At most one kept (unrefunded) successful payment per order: exactly one for a paid order, none for a
 * waiting or cancelled one, and a refunding/refunded one keeps none but has a refund.
 */
export async function noOrderPaidTwice(q) {
  const perOrder = await q(
    `select o.order_no, o.status, o.cancelled_at is not null as was_cancelled,
       count(p.id) filter (where p.status = 'succeeded' and p.refund_no is null)::int as kept,
       count(p.id) filter (where p.status = 'succeeded')::int as succeeded,
       count(p.id) filter (where p.refund_no is not null)::int as refunds
     from orders o left join payments p on p.order_id = o.id group by o.id order by o.id`,
  );
  const twice = [];
  for (const o of perOrder) {
    if (o.kept > 1) twice.push(`${o.order_no} (${o.status}): ${o.kept} payments kept`);
    else if (['paid', 'shipped', 'completed'].includes(o.status) && o.kept !== 1) twice.push(`${o.order_no} (${o.status}): ${o.kept} payments kept, expected 1`);
    else if (['pending_payment', 'cancelled'].includes(o.status) && o.succeeded > 0) twice.push(`${o.order_no} (${o.status}): ${o.succeeded} successful payments`);
    else if (['refunding', 'refunded'].includes(o.status) && (o.kept > 0 || o.refunds === 0)) twice.push(`${o.order_no} (${o.status}): ${o.kept} kept, ${o.refunds} refunds`);
  }
  check('no order paid twice', twice);
}
