/** The books, stock: every unit that left a SKU is held by a live order. */
import { check } from '../report.mjs';

/**
 * What left = what live orders hold. A cancelled order gave its stock back; so did a late payment's order
 * (cancelled first, then refunding/refunded). Nobody refunds through the console here, so a refunding or
 * refunded order that was never cancelled holds its stock, less the units after-sales put back
 * (after_sales.restocked: 仅退款 before shipment, here), plus the new units an exchange sent.
 */
export async function stockAccounted(q, startStock) {
  const stock = await q(
    `select s.id, s.stock,
       (coalesce((select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
          where oi.sku_id = s.id and (o.status in ('pending_payment','paid','shipped','completed')
            or (o.status in ('refunding','refunded') and o.cancelled_at is null))), 0)
        - coalesce((select sum(ai.quantity) from after_sale_items ai join after_sales a on a.id = ai.after_sale_id
            join order_items oi on oi.id = ai.order_item_id where oi.sku_id = s.id and oi.kind = 'device' and a.restocked), 0)
        + coalesce((select sum(ai.quantity) from after_sale_items ai join after_sales a on a.id = ai.after_sale_id
            join order_items oi on oi.id = ai.order_item_id where oi.sku_id = s.id and a.status in ('reshipped','completed') and a.type = 'exchange'), 0))::int as held
     from skus s
     where s.id = any($1::int[]) or s.id in (select sku_id from order_items)
     order by s.id`,
    [[...startStock.keys()]],
  );
  const problems = [];
  for (const r of stock) {
    if (r.stock < 0) problems.push(`sku ${r.id}: negative stock ${r.stock}`);
    const start = startStock.get(r.id);
    if (start === undefined) problems.push(`sku ${r.id}: ordered but not in the plan`);
    else if (start !== r.stock + r.held) problems.push(`sku ${r.id}: start ${start} ≠ now ${r.stock} + held ${r.held} (${start - r.stock - r.held} unaccounted)`);
  }
  check('stock accounted', problems, stock.map((r) => `sku ${r.id}: ${startStock.get(r.id)} = ${r.stock} + ${r.held}`).join('; '));
}
