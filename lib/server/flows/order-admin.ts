/**
 * Orders in the operator console: one order in full, 发货, and cancelling an unpaid order, each audited.
 *
 * Orders in the operator console: one order in full, 发货 (paid → shipped with carrier, waybill and the
 * first shipment event) and 取消订单 of an unpaid order. Every write is a move of the order module
 * (docs/states.md#order-transitions) and leaves an audit row. The order page is put together here,
 * not in a view, because reading an order applies its clock first (getOrder: overdue → cancelled); what
 * it shows from other modules' tables is read by lib/server/views/console-order.ts. The table of orders
 * and its CSV are read models (lib/server/views/console-order-list.ts, order-export.ts).
 */
import 'server-only';
import { isRefundable, mayMoveOrder, ORDER_STATUS_LABEL } from '../../domain/order-status';
import { CARRIER_CODES } from '../../domain/tracking';
import { operatorCancelSchema, shipOrderSchema } from '../../validation/admin';
import { getDb, withTx } from '../db/client';
import { conflict } from '../errors';
import { iso } from '../iso';
import { log } from '../log';
import { cancelOrderRow } from './cancel-unpaid';
import { getOrder } from './order-page';
import type { Order } from '../views/orders-detail';
import { findOrderRow, shipOrderRow } from '../modules/order';
import { writeAudit } from '../modules/audit';
import { destinationOf, openWaybill } from '../modules/tracking';
import { notify } from '../modules/messages';
import { consoleOrderFacts, type ConsoleOrderFacts } from '../views/console-order';

/** The console's refund flow (refund-order.ts) finds the order by its number as this page does. */
export { findOrderRow } from '../modules/order';

/**
 * A line with what was paid for it: 实付小计 is order_items.paid_fen (the line's share of the coupon taken
 * off, docs/coupons.md), exact to the fen; 实付单价 is it over the quantity, rounded down when it does
 * not divide evenly (paidUnitExact says which), so the console never shows the list price as paid.
 */
type AdminOrderLine = Order['lines'][number] & { paidFen: number; discountFen: number; paidUnitFen: number; paidUnitExact: boolean };

export type AdminOrder = Omit<Order, 'lines'> &
  Omit<ConsoleOrderFacts, 'openAfterSale' | 'paidOf' | 'audit'> & {
    lines: AdminOrderLine[];
    /** When the shopper deleted the order from their lists (删除订单), or null: the console still shows it. */
    hiddenAt: string | null;
    operations: { ship: boolean; cancel: boolean; refund: boolean };
    audit: ConsoleOrderFacts['audit'];
  };

/** One order as the shopper sees it, plus the buyer, invoice, payments, what may be done and its audit trail. */
export async function getAdminOrder(orderNo: string): Promise<AdminOrder> {
  const db = await getDb();
  const row = await findOrderRow(db, orderNo);
  const order = await getOrder(row.userId, orderNo, true); // also applies the clock (overdue → cancelled); a deleted order too
  const { buyer, invoiceRequest, payments, refunds, afterSales, refundLeftFen, openAfterSale, paidOf, audit } = await consoleOrderFacts(db, { id: row.id, userId: row.userId, orderNo });
  return {
    ...order,
    lines: order.lines.map((l) => {
      const paidFen = paidOf.get(l.id) ?? l.subtotalFen;
      return { ...l, paidFen, discountFen: l.subtotalFen - paidFen, paidUnitFen: Math.floor(paidFen / l.quantity), paidUnitExact: paidFen % l.quantity === 0 };
    }),
    buyer,
    invoiceRequest,
    payments,
    refunds,
    afterSales,
    refundLeftFen,
    hiddenAt: iso(row.hiddenAt),
    operations: {
      ship: mayMoveOrder(order.status, 'shipped', 'operator') && order.kind === 'device',
      cancel: mayMoveOrder(order.status, 'cancelled', 'operator'),
      refund: isRefundable(order.status) && refundLeftFen > 0 && !openAfterSale,
    },
    audit,
  };
}

// ------------------------------------------------------------------ transitions

/**
 * 发货: paid → shipped with the carrier, the waybill number, shippedAt, the first shipment event and
 * the waybill to follow at the carrier, in one transaction with its audit row. Service orders never ship; any other state is 409.
 */
export async function shipOrder(actorUserId: number, orderNo: string, input: unknown): Promise<AdminOrder> {
  const v = shipOrderSchema.parse(input);
  const db = await getDb();
  const o = await findOrderRow(db, orderNo);
  if (o.kind !== 'device') throw conflict('服务类订单无需发货');
  const now = new Date();
  const won = await withTx(async (tx) => {
    if (!(await shipOrderRow(tx, o.id, { carrier: v.carrier, trackingNo: v.trackingNo, at: now }))) return false;
    // The carrier's events follow: the waybill is subscribed after the commit (docs/tracking.md).
    await openWaybill(tx, { orderId: o.id, carrierCode: CARRIER_CODES[v.carrier], trackingNo: v.trackingNo, destination: destinationOf(o.addressSnapshot) });
    await notify(tx, o.userId, 'order_shipped', { orderNo, carrier: v.carrier, trackingNo: v.trackingNo }, orderNo);
    await writeAudit(tx, {
      actorUserId,
      action: 'order.ship',
      entity: 'order',
      entityId: orderNo,
      before: { status: 'paid', carrier: null, trackingNo: null },
      after: { status: 'shipped', carrier: v.carrier, trackingNo: v.trackingNo },
    });
    return true;
  });
  if (!won) {
    const now2 = await findOrderRow(db, orderNo);
    throw conflict(`订单当前为「${ORDER_STATUS_LABEL[now2.status]}」，只有待发货的订单可以发货`);
  }
  log.info({ orderNo, actorUserId, carrier: v.carrier }, 'order shipped');
  return getAdminOrder(orderNo);
}
/** 取消订单 of an unpaid order by the operator: stock comes back once (cancelOrderRow), with the audit row in its transaction. */
export async function cancelOrderByOperator(actorUserId: number, orderNo: string, input: unknown): Promise<AdminOrder> {
  const v = operatorCancelSchema.parse(input);
  const db = await getDb();
  const o = await findOrderRow(db, orderNo);
  if (!mayMoveOrder(o.status, 'cancelled', 'operator')) {
    throw conflict(`订单当前为「${ORDER_STATUS_LABEL[o.status]}」，只有待付款的订单可以取消`);
  }
  const reason = v.reason ?? '商家取消';
  const cancelled = await withTx(async (tx) => {
    if (!(await cancelOrderRow(tx, o.id, reason))) return false;
    await writeAudit(tx, {
      actorUserId,
      action: 'order.cancel',
      entity: 'order',
      entityId: orderNo,
      before: { status: 'pending_payment' },
      after: { status: 'cancelled', cancelReason: reason },
    });
    return true;
  });
  if (!cancelled) throw conflict('订单状态已变化，请刷新后重试');
  log.info({ orderNo, actorUserId }, 'order cancelled by operator');
  return getAdminOrder(orderNo);
}
