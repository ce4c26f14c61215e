/**
 * The books, payments: the shop's payments against the demo gateway's trades (sandbox_trades), which
 * stand for what the payment provider knows whatever the shop lost.
 */
import { check } from '../report.mjs';

/** Joins a payment p to its trade t at the gateway: the trade is named by the payment number, per provider. */
const TRADE_OF_PAYMENT = `t.out_trade_no = p.payment_no and t.provider = split_part(p.channel, '_', 1)`;

/**
 * The gateway's paid trades and the shop's successful payments are the same set; every refund at the
 * gateway is one the shop started; late payments (on a cancelled order) are being refunded.
 */
export async function noPaymentLost(q) {
  const gatewayOnly = await q(
    `select t.out_trade_no, t.status, p.status as shop from sandbox_trades t
     left join payments p on ${TRADE_OF_PAYMENT}
     where t.status in ('SUCCESS','REFUND') and (p.id is null or p.status <> 'succeeded')`,
  );
  const shopOnly = await q(
    `select p.payment_no, t.status as gateway from payments p
     left join sandbox_trades t on ${TRADE_OF_PAYMENT}
     where p.status = 'succeeded' and (t.id is null or t.status not in ('SUCCESS','REFUND'))`,
  );
  // A refund the shop committed but never sent (gateway: none yet) is under way, not lost: the sweep sends it.
  const refundsOff = await q(
    `select p.payment_no, p.refund_no, p.refund_status, t.refund_no as gw_refund_no, t.refund_status as gw_refund_status
     from payments p join sandbox_trades t on ${TRADE_OF_PAYMENT}
     where (t.refund_no is not null and t.refund_no is distinct from p.refund_no)
        or p.refund_status = 'failed'
        or (p.refund_status = 'succeeded' and t.refund_status is distinct from 'SUCCESS')`,
  );
  const late = await q(
    `select p.payment_no, o.order_no, o.status, p.refund_no, p.refund_status from payments p join orders o on o.id = p.order_id
     where p.status = 'succeeded' and o.cancelled_at is not null
       and (p.refund_no is null or p.refund_status not in ('succeeded','processing') or o.status not in ('refunding','refunded'))`,
  );
  const stuckRefunding = await q(
    `select o.order_no from orders o where o.status = 'refunding'
       and not exists (select 1 from payments p where p.order_id = o.id and p.refund_status = 'processing')`,
  );
  check('no payment lost', [
    ...gatewayOnly.map((r) => `paid at the gateway (${r.status}), shop says ${r.shop ?? 'nothing'}: ${r.out_trade_no}`),
    ...shopOnly.map((r) => `shop says succeeded, gateway says ${r.gateway ?? 'nothing'}: ${r.payment_no}`),
    ...refundsOff.map((r) => `refund of ${r.payment_no}: shop ${r.refund_no}/${r.refund_status}, gateway ${r.gw_refund_no}/${r.gw_refund_status}`),
    ...late.map((r) => `late payment ${r.payment_no} of ${r.order_no} (${r.status}) not refunded: ${r.refund_no}/${r.refund_status}`),
    ...stuckRefunding.map((r) => `${r.order_no} refunding with no refund under way`),
  ]);
}

/** No payment still pending at the shop while the gateway has the money. */
export async function noPaymentStuck(q) {
  const stuck = await q(
    `select p.payment_no, t.status from payments p
     join sandbox_trades t on ${TRADE_OF_PAYMENT}
     where p.status = 'pending' and t.status in ('SUCCESS','REFUND')`,
  );
  check('no payment stuck', stuck.map((r) => `${r.payment_no} pending, gateway ${r.status}`));
}

/**
 * No refund still processing: the ones the kill cut short were repeated by the sweep at the restart (the
 * down time outlasts its 10 s), the later ones settled by the gateway's notification.
 */
export async function refundsSettled(q) {
  const unsettled = await q(
    `select p.payment_no, p.refund_no, t.refund_status as gw from payments p
     left join sandbox_trades t on ${TRADE_OF_PAYMENT}
     where p.refund_status = 'processing'`,
  );
  check('refunds settled', unsettled.map((r) => `${r.payment_no} refund ${r.refund_no} still processing (gateway ${r.gw ?? 'never asked'})`));
}
