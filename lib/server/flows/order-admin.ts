/**
 * Orders in the operator console: the filtered table, one order in full, 发货 (paid → shipped
 * with carrier, waybill and the first shipment event) and 取消订单 of an unpaid order. Every write
 * is a move of the order module (docs/states.md#order-transitions) and leaves an audit row.
 */
import 'server-only';
import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { AFTER_SALE_STATUS_LABEL, AFTER_SALE_TYPE_LABEL, type AfterSaleStatus } from '../../domain/after-sale';
import { COMPANY_ADDRESS } from '../../constants';
import { isRefundable, mayMoveOrder, ORDER_STATUS_LABEL, type OrderStatus } from '../../domain/order-status';
import { PAY_CHANNEL_LABEL, type PayChannel } from '../../domain/payment-channels';
import { PAYMENT_STATUS_LABEL, type PaymentStatus } from '../../domain/payment-status';
import { REFUND_STATUS_LABEL, type RefundStatus } from '../../domain/refund-status';
import type { ProductKind } from '../../domain/product-kind';
import { shopDayEnd, shopDayStart } from '../../domain/shop-time';
import { CARRIER_CODES } from '../../domain/tracking';
import { adminOrderQuerySchema, operatorCancelSchema, shipOrderSchema, type AdminOrderQuery } from '../../validation/admin';
import { ORDER_NO } from '../../validation/fields';
import { getDb, withTx, type DbOrTx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { afterSales, invoices, orderItems, orders, payments, refunds, shipmentEvents, users } from '../db/schema';
import { conflict, notFound } from '../errors';
import { iso } from '../iso';
import { log } from '../log';
import { cancelOrderRow } from './cancel-unpaid';
import { getOrder } from './order-page';
import type { Order } from '../views/orders-detail';
import { moveOrder } from '../modules/order';
import { hasOpenAfterSale } from '../modules/after-sales';
import { orderPayment, refundableFen } from '../modules/refund';
import { listAudit, writeAudit, type AuditRow } from '../modules/audit';
import { destinationOf, openWaybill } from '../modules/tracking';
import { notify } from '../modules/messages';

export type AdminOrderRow = {
  orderNo: string;
  createdAt: string;
  status: OrderStatus;
  statusLabel: string;
  kind: ProductKind;
  itemsTotalFen: number;
  shippingFen: number;
  totalFen: number;
  buyerPhone: string;
  receiverName: string | null;
  receiverTel: string | null;
  receiverAddress: string | null;
  items: string;
  itemCount: number;
  paidAt: string | null;
  shippedAt: string | null;
  carrier: string | null;
  trackingNo: string | null;
  invoiceStatus: string | null;
};

function filterOf(q: AdminOrderQuery): SQL | undefined {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(orders.status, q.status));
  if (q.from) conds.push(gte(orders.createdAt, shopDayStart(q.from)));
  if (q.to) conds.push(lt(orders.createdAt, shopDayEnd(q.to)));
  // Both are digits only (the schema says so): no LIKE wildcard can come from the caller.
  if (q.orderNo) conds.push(like(orders.orderNo, `%${q.orderNo}%`));
  if (q.phone) {
    conds.push(or(like(users.phone, `%${q.phone}%`), sql`${orders.addressSnapshot}->>'tel' like ${`%${q.phone}%`}`)!);
  }
  return conds.length ? and(...conds) : undefined;
}

const rowColumns = {
  o: orders,
  buyerPhone: users.phone,
  invoiceStatus: invoices.status,
  items: sql<string>`coalesce((select string_agg(i.product_name || ' ' || i.sku_name || ' ×' || i.quantity, '；' order by i.id) from order_items i where i.order_id = ${orders.id}), '')`,
  itemCount: sql<number>`coalesce((select sum(i.quantity) from order_items i where i.order_id = ${orders.id}), 0)::int`,
};

type Selected = { o: typeof orders.$inferSelect; buyerPhone: string; invoiceStatus: string | null; items: string; itemCount: number };

function toRow(r: Selected): AdminOrderRow {
  const a = r.o.addressSnapshot;
  return {
    orderNo: r.o.orderNo,
    createdAt: iso(r.o.createdAt),
    status: r.o.status,
    statusLabel: ORDER_STATUS_LABEL[r.o.status],
    kind: r.o.kind,
    itemsTotalFen: r.o.itemsTotalFen,
    shippingFen: r.o.shippingFen,
    totalFen: r.o.totalFen,
    buyerPhone: r.buyerPhone,
    receiverName: a?.name ?? null,
    receiverTel: a?.tel ?? null,
    receiverAddress: a ? `${a.province}${a.city}${a.county}${a.addressDetail}` : null,
    items: r.items,
    itemCount: Number(r.itemCount),
    paidAt: iso(r.o.paidAt),
    shippedAt: iso(r.o.shippedAt),
    carrier: r.o.carrier,
    trackingNo: r.o.trackingNo,
    invoiceStatus: r.invoiceStatus,
  };
}

function selectRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .$dynamic();
}

/** The order table: filtered (state, date range in Beijing time, order number, phone), newest first, paged. */
export async function listAdminOrders(query: unknown): Promise<Page<AdminOrderRow>> {
  const q = adminOrderQuerySchema.parse(query);
  const db = await getDb();
  const where = filterOf(q);
  const count = db.select({ total: countRows }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where);
  return paged(q, count, selectRows(db, where), (rows) => rows.map(toRow));
}

/** Every row of the filter (no paging), at most `limit`; for the CSV export. */
export async function allFilteredOrders(query: unknown, limit: number): Promise<AdminOrderRow[]> {
  const q = adminOrderQuerySchema.parse(query);
  const db = await getDb();
  const rows = await selectRows(db, filterOf(q)).limit(limit);
  return rows.map(toRow);
}

// ------------------------------------------------------------------ one order

export async function findOrderRow(db: DbOrTx, orderNo: string) {
  if (!ORDER_NO.test(orderNo)) throw notFound('订单不存在');
  const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!o) throw notFound('订单不存在');
  return o;
}

/**
 * A line with what was paid for it: 实付小计 is order_items.paid_fen (the line's share of the coupon taken
 * off, docs/coupons.md), exact to the fen; 实付单价 is it over the quantity, rounded down when it does
 * not divide evenly (paidUnitExact says which), so the console never shows the list price as paid.
 */
type AdminOrderLine = Order['lines'][number] & { paidFen: number; discountFen: number; paidUnitFen: number; paidUnitExact: boolean };

export type AdminOrder = Omit<Order, 'lines'> & {
  lines: AdminOrderLine[];
  buyer: { id: number; phone: string; nickname: string | null };
  /** The invoice request of the order as the console needs it (title, number, reason of a rejection). */
  invoiceRequest: { id: number; status: string; title: string; invoiceNo: string | null; rejectReason: string | null } | null;
  payments: { paymentNo: string; channel: string; channelLabel: string; amountFen: number; status: string; statusLabel: string; paidAt: string | null }[];
  /** Every refund of the order (whole-order, late or double payments, after-sales), newest first. */
  refunds: { refundNo: string; amountFen: number; status: RefundStatus; statusLabel: string; reason: string; createdAt: string; refundedAt: string | null }[];
  /** The order's after-sales requests, newest first (the console links each to its page). */
  afterSales: { afterSaleNo: string; typeLabel: string; status: AfterSaleStatus; statusLabel: string; refundFen: number; createdAt: string }[];
  /** What the console's 退款 would send back: the paying payment's amount less its refunds so far. */
  refundLeftFen: number;
  /** When the shopper deleted the order from their lists (删除订单), or null: the console still shows it. */
  hiddenAt: string | null;
  operations: { ship: boolean; cancel: boolean; refund: boolean };
  audit: AuditRow[];
};

/** One order as the shopper sees it, plus the buyer, invoice, payments, what may be done and its audit trail. */
export async function getAdminOrder(orderNo: string): Promise<AdminOrder> {
  const db = await getDb();
  const row = await findOrderRow(db, orderNo);
  const order = await getOrder(row.userId, orderNo, true); // also applies the clock (overdue → cancelled); a deleted order too
  const [[buyer], [invoice], pays, audit] = await Promise.all([
    db.select({ id: users.id, phone: users.phone, nickname: users.nickname }).from(users).where(eq(users.id, row.userId)),
    db
      .select({ id: invoices.id, status: invoices.status, title: invoices.title, invoiceNo: invoices.invoiceNo, rejectReason: invoices.rejectReason })
      .from(invoices)
      .where(eq(invoices.orderId, row.id)),
    db.select().from(payments).where(eq(payments.orderId, row.id)).orderBy(desc(payments.id)),
    listAudit({ entity: 'order', entityId: orderNo, pageSize: 50 }),
  ]);
  const [refundRows, afterSaleRows, paidBy, openAfterSale, paidRows] = await Promise.all([
    db.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(desc(refunds.id)),
    db.select().from(afterSales).where(eq(afterSales.orderId, row.id)).orderBy(desc(afterSales.id)),
    orderPayment(db, row.id),
    hasOpenAfterSale(db, row.id),
    db.select({ id: orderItems.id, paidFen: orderItems.paidFen }).from(orderItems).where(eq(orderItems.orderId, row.id)),
  ]);
  const paidOf = new Map(paidRows.map((r) => [r.id, r.paidFen]));
  const refundLeft = paidBy ? await refundableFen(db, paidBy.id) : 0;
  return {
    ...order,
    lines: order.lines.map((l) => {
      const paidFen = paidOf.get(l.id) ?? l.subtotalFen;
      return { ...l, paidFen, discountFen: l.subtotalFen - paidFen, paidUnitFen: Math.floor(paidFen / l.quantity), paidUnitExact: paidFen % l.quantity === 0 };
    }),
    buyer,
    invoiceRequest: invoice ?? null,
    payments: pays.map((p) => ({
      paymentNo: p.paymentNo,
      channel: p.channel,
      channelLabel: PAY_CHANNEL_LABEL[p.channel as PayChannel] ?? p.channel,
      amountFen: p.amountFen,
      status: p.status,
      statusLabel: PAYMENT_STATUS_LABEL[p.status as PaymentStatus] ?? p.status,
      paidAt: iso(p.paidAt),
    })),
    refunds: refundRows.map((r) => ({
      refundNo: r.refundNo,
      amountFen: r.amountFen,
      status: r.status,
      statusLabel: REFUND_STATUS_LABEL[r.status],
      reason: r.reason,
      createdAt: iso(r.createdAt),
      refundedAt: iso(r.refundedAt),
    })),
    afterSales: afterSaleRows.map((a) => ({
      afterSaleNo: a.afterSaleNo,
      typeLabel: AFTER_SALE_TYPE_LABEL[a.type],
      status: a.status,
      statusLabel: AFTER_SALE_STATUS_LABEL[a.status],
      refundFen: a.refundFen,
      createdAt: iso(a.createdAt),
    })),
    refundLeftFen: refundLeft,
    hiddenAt: iso(row.hiddenAt),
    operations: {
      ship: mayMoveOrder(order.status, 'shipped', 'operator') && order.kind === 'device',
      cancel: mayMoveOrder(order.status, 'cancelled', 'operator'),
      refund: isRefundable(order.status) && refundLeft > 0 && !openAfterSale,
    },
    audit: audit.items,
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
    const shipped = await moveOrder(tx, o.id, 'paid', 'shipped', { carrier: v.carrier, trackingNo: v.trackingNo, shippedAt: now }, eq(orders.kind, 'device'));
    if (!shipped) return false;
    await tx.insert(shipmentEvents).values({
      orderId: o.id,
      description: `已发货：包裹已交给${v.carrier}，运单号 ${v.trackingNo}`,
      location: COMPANY_ADDRESS.addressLocality,
      occurredAt: now,
    });
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
