/** The books, orders: each order kept as many successful payments as its status allows. */
import { check } from '../report.mjs';

/**
 * At most one kept successful payment per order (kept: not all of it refunded; an after-sales refund of
 * a part keeps it): exactly one for a paid order, none for a waiting or cancelled one, and a
 * refunding/refunded one keeps none but has a refund.
 */
export async function noOrderPaidTwice(q) {
  const perOrder = await q(
    `with given as (
       select p.id, p.order_id, p.status, p.amount_fen,
         coalesce((select sum(r.amount_fen) from refunds r where r.payment_id = p.id and r.status <> 'failed'), 0)::int as back,
         (select count(*) from refunds r where r.payment_id = p.id)::int as refunds
       from payments p)
     select o.order_no, o.status,
       count(g.id) filter (where g.status = 'succeeded' and g.back < g.amount_fen)::int as kept,
       count(g.id) filter (where g.status = 'succeeded')::int as succeeded,
       coalesce(sum(g.refunds), 0)::int as refunds
     from orders o left join given g on g.order_id = o.id group by o.id order by o.id`,
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
