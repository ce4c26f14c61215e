/**
 * The books, payments: the shop's payments against the demo gateway's trades (sandbox_trades), which
 * stand for what the payment provider knows whatever the shop lost.
 */
import { check } from '../report.mjs';

/** Joins a payment p to its trade t at the gateway: the trade is named by the payment number, per provider. */
const TRADE_OF_PAYMENT = `t.out_trade_no = p.payment_no and t.provider = split_part(p.channel, '_', 1)`;

/**
 * The gateway's paid trades and the shop's successful payments are the same set; every refund at the
 * gateway is one the shop started, of the same amount; no payment is refunded more than it; late
 * payments (on a cancelled order) are being refunded; after-sales refunds match their requests.
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
  // Refunds, one by one against the gateway's (by refund number): a refund the shop committed but never
  // sent (gateway: none yet) is under way, not lost: the sweep sends it.
  const refundsOff = await q(
    `select p.payment_no, r.refund_no, r.status, r.amount_fen, g.status as gw_status, g.amount_fen as gw_amount
     from refunds r join payments p on p.id = r.payment_id
     left join sandbox_trades t on ${TRADE_OF_PAYMENT}
     left join sandbox_refunds g on g.trade_id = t.id and g.refund_no = r.refund_no
     where r.status = 'failed'
        or (r.status = 'succeeded' and g.status is distinct from 'SUCCESS')
        or (g.id is not null and g.amount_fen <> r.amount_fen)`,
  );
  const gatewayRefundOnly = await q(
    `select t.out_trade_no, g.refund_no from sandbox_refunds g join sandbox_trades t on t.id = g.trade_id
     where not exists (select 1 from refunds r where r.refund_no = g.refund_no)`,
  );
  // Partial refunds: never more back than was paid, at the shop or at the gateway.
  const over = await q(
    `select p.payment_no, p.amount_fen,
       (select coalesce(sum(r.amount_fen), 0) from refunds r where r.payment_id = p.id and r.status <> 'failed')::int as shop_back,
       (select coalesce(sum(g.amount_fen), 0) from sandbox_refunds g join sandbox_trades t on t.id = g.trade_id where ${TRADE_OF_PAYMENT})::int as gw_back
     from payments p`,
  );
  const late = await q(
    `select p.payment_no, o.order_no, o.status,
       (select coalesce(sum(r.amount_fen), 0) from refunds r where r.payment_id = p.id and r.status <> 'failed')::int as back, p.amount_fen
     from payments p join orders o on o.id = p.order_id
     where p.status = 'succeeded' and o.cancelled_at is not null`,
  );
  const stuckRefunding = await q(
    `select o.order_no from orders o where o.status = 'refunding'
       and not exists (select 1 from refunds r where r.order_id = o.id and r.status = 'processing')`,
  );
  // Every after-sales request whose money goes back has its refund, of its amount; 已退款 only once it succeeded.
  const afterSalesOff = await q(
    `select a.after_sale_no, a.status, a.refund_fen, r.amount_fen, r.status as refund_status
     from after_sales a left join refunds r on r.after_sale_id = a.id
     where a.status in ('refunding','refunded') and a.refund_fen > 0
       and (r.id is null or r.amount_fen <> a.refund_fen or (a.status = 'refunded') <> (r.status = 'succeeded'))`,
  );
  check('no payment lost', [
    ...gatewayOnly.map((r) => `paid at the gateway (${r.status}), shop says ${r.shop ?? 'nothing'}: ${r.out_trade_no}`),
    ...shopOnly.map((r) => `shop says succeeded, gateway says ${r.gateway ?? 'nothing'}: ${r.payment_no}`),
    ...refundsOff.map((r) => `refund ${r.refund_no} of ${r.payment_no}: shop ${r.status} ${r.amount_fen}, gateway ${r.gw_status ?? 'none'} ${r.gw_amount ?? ''}`),
    ...gatewayRefundOnly.map((r) => `refund ${r.refund_no} of ${r.out_trade_no} at the gateway, unknown to the shop`),
    ...over.filter((r) => r.shop_back > r.amount_fen || r.gw_back > r.amount_fen).map((r) => `${r.payment_no}: paid ${r.amount_fen}, refunded ${r.shop_back} (gateway ${r.gw_back})`),
    ...late
      .filter((r) => r.back !== r.amount_fen || !['refunding', 'refunded'].includes(r.status))
      .map((r) => `late payment ${r.payment_no} of ${r.order_no} (${r.status}) not refunded: ${r.back} of ${r.amount_fen}`),
    ...stuckRefunding.map((r) => `${r.order_no} refunding with no refund under way`),
    ...afterSalesOff.map((r) => `after-sales ${r.after_sale_no} (${r.status}, ${r.refund_fen} fen): refund ${r.refund_status ?? 'none'} ${r.amount_fen ?? ''}`),
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
    `select p.payment_no, r.refund_no, g.status as gw from refunds r join payments p on p.id = r.payment_id
     left join sandbox_trades t on ${TRADE_OF_PAYMENT}
     left join sandbox_refunds g on g.trade_id = t.id and g.refund_no = r.refund_no
     where r.status = 'processing'`,
  );
  check('refunds settled', unsettled.map((r) => `${r.payment_no} refund ${r.refund_no} still processing (gateway ${r.gw ?? 'never asked'})`));
}
