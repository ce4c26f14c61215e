/** The books against the record of what the shoppers were told. */
import { orders, payments } from '../record.mjs';
import { check } from '../report.mjs';

/**
 * Nothing a shopper was told survived only in the answer: acknowledged orders exist, acknowledged cancels
 * hold, every payment the phone confirmed is paid at the gateway.
 */
export async function acknowledgedWritesKept(q) {
  const known = await q(`select order_no, status from orders where order_no = any($1::text[])`, [[...orders.keys()]]);
  const byNo = new Map(known.map((r) => [r.order_no, r.status]));
  const trades = await q(`select out_trade_no, status from sandbox_trades where out_trade_no = any($1::text[])`, [[...payments.keys()]]);
  const tradeBy = new Map(trades.map((r) => [r.out_trade_no, r.status]));
  const lostWrites = [];
  for (const [no, o] of orders) {
    const st = byNo.get(no);
    if (!st) lostWrites.push(`order ${no} acknowledged but missing`);
    else if (o.cancelAcked && !['cancelled', 'refunding', 'refunded'].includes(st)) lostWrites.push(`order ${no} cancel acknowledged, now ${st}`);
  }
  for (const [no, p] of payments) {
    if (p.confirmed && !['SUCCESS', 'REFUND'].includes(tradeBy.get(no))) lostWrites.push(`payment ${no} confirmed on the phone, gateway says ${tradeBy.get(no) ?? 'nothing'}`);
  }
  check('acknowledged writes kept', lostWrites);
}
