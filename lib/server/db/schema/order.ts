/** Orders, their lines and their shipment events (module order). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/order-status';
import type { ProductKind } from '../../../domain/product-kind';
import { createdAt, updatedAt, isOneOf, type AddressSnapshot } from './columns';
import { users } from './accounts';
import { coupons } from './coupons';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: varchar('status', { length: 20 }).$type<OrderStatus>().notNull().default('pending_payment'),
    kind: varchar('kind', { length: 16 }).$type<ProductKind>().notNull().default('device'),
    itemsTotalFen: integer('items_total_fen').notNull(),
    shippingFen: integer('shipping_fen').notNull().default(0),
    discountFen: integer('discount_fen').notNull().default(0),
    totalFen: integer('total_fen').notNull(),
    addressSnapshot: jsonb('address_snapshot').$type<AddressSnapshot | null>(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    payDeadline: timestamp('pay_deadline', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: varchar('cancel_reason', { length: 100 }),
    // 删除订单: gone from the shopper's lists, kept for the books and the operator.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** The coupon this order used (one per order); discountFen is what it took off. */
    couponId: integer('coupon_id').references((): AnyPgColumn => coupons.id),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    carrier: varchar('carrier', { length: 40 }),
    trackingNo: varchar('tracking_no', { length: 60 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_user_idem_uq').on(t.userId, t.idempotencyKey),
    index('orders_user_status_idx').on(t.userId, t.status, t.createdAt),
    index('orders_status_deadline_idx').on(t.status, t.payDeadline),
    // The console's 数据 (docs/stats.md#indexes): orders placed and paid per Beijing day, read from the index alone.
    index('orders_created_idx').on(t.createdAt),
    index('orders_paid_stats_idx').on(t.paidAt, t.userId, t.totalFen, t.discountFen).where(sql`${t.paidAt} is not null`),
    check('orders_status_chk', isOneOf(t.status, ORDER_STATUSES)),
    check('orders_total_chk', sql`${t.totalFen} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    productName: varchar('product_name', { length: 100 }).notNull(),
    skuName: varchar('sku_name', { length: 60 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<ProductKind>().notNull(),
    image: varchar('image', { length: 200 }).notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    quantity: integer('quantity').notNull(),
    /** What the shopper paid for the whole line (price × quantity less its share of any discount): refunds are parts of it. */
    paidFen: integer('paid_fen').notNull(),
    /** The line's share of the order's coupon discount (docs/coupons.md#split): price × quantity − paidFen. */
    discountFen: integer('discount_fen').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    description: varchar('description', { length: 200 }).notNull(),
    location: varchar('location', { length: 60 }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipment_events_order_idx').on(t.orderId, t.occurredAt)],
);
