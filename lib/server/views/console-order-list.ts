/**
 * The console's order table (订单管理): filtered, paged rows with the buyer's phone, the invoice's state and the lines.
 *
 * The console's order table (订单管理): the filtered rows with the buyer's phone, the invoice's state and
 * the lines in one cell, newest first, paged; and every row of a filter for the CSV export
 * (order-export.ts). A read model over orders, users and invoices: it never writes.
 */
import 'server-only';
import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS_LABEL, type OrderStatus } from '../../domain/order-status';
import type { ProductKind } from '../../domain/product-kind';
import { shopDayEnd, shopDayStart } from '../../domain/shop-time';
import { adminOrderQuerySchema, type AdminOrderQuery } from '../../validation/admin';
import { getDb, type DbOrTx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { invoices, orders, users } from '../db/schema';
import { iso } from '../iso';

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
