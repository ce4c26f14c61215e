/** The books, renewals: no term extended without a paid order, no paid renewal without its extension. */
import { check } from '../report.mjs';

/**
 * Every 续费 order's `subscription_orders` row is applied exactly when its order was paid, and an applied one
 * moved its subscription's end exactly once (one `renewed` event of that order); no `renewed` event stands
 * without an applied renewal. @returns the number of renewals placed and applied
 */
export async function renewalsApplied(q) {
  const rows = await q(
    `select o.order_no, o.status, (o.paid_at is not null) as paid, (so.applied_at is not null) as applied,
       (select count(*) from subscription_events e where e.order_id = so.order_id and e.kind = 'renewed')::int as events
     from subscription_orders so join orders o on o.id = so.order_id
     where so.kind = 'renew'`,
  );
  const wrong = [];
  for (const r of rows) {
    if (r.paid !== r.applied) wrong.push(`${r.order_no} (${r.status}): paid ${r.paid}, applied ${r.applied}`);
    else if (r.events !== (r.applied ? 1 : 0)) wrong.push(`${r.order_no} (${r.status}): ${r.events} extensions`);
  }
  const stray = await q(
    `select e.subscription_id, e.order_id from subscription_events e
     where e.kind = 'renewed' and not exists (select 1 from subscription_orders so where so.order_id = e.order_id and so.applied_at is not null)`,
  );
  for (const e of stray) wrong.push(`subscription ${e.subscription_id}: extended by order ${e.order_id} without an applied renewal`);
  check('every paid renewal extends its term once, and nothing else does', wrong);
  return { renewals: rows.length, renewalsApplied: rows.filter((r) => r.applied).length };
}
