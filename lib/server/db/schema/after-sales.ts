/** 售后 requests, their lines and their timelines (module after-sales, docs/after-sales.md). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { AFTER_SALE_REASON_NAMES, AFTER_SALE_STATUSES, AFTER_SALE_TYPES, type AfterSaleActor, type AfterSaleReason, type AfterSaleStatus, type AfterSaleType } from '../../../domain/after-sale';
import { LIVE_PICKUP_STATES, PICKUP_STATES, type PickupState } from '../../../domain/pickup';
import { createdAt, updatedAt, isOneOf, type AddressSnapshot } from './columns';
import { users } from './accounts';
import { orders, orderItems } from './order';

/**
 * A shopper's request to send back, refund or exchange lines of a paid order (docs/after-sales.md).
 * `refundFen` is fixed when the request is made (lines' share plus `shippingFen` when it is refunded
 * too) and is what the refund sends.
 */
export const afterSales = pgTable(
  'after_sales',
  {
    id: serial('id').primaryKey(),
    afterSaleNo: varchar('after_sale_no', { length: 20 }).notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: varchar('type', { length: 16 }).$type<AfterSaleType>().notNull(),
    status: varchar('status', { length: 20 }).$type<AfterSaleStatus>().notNull().default('pending_review'),
    reason: varchar('reason', { length: 20 }).$type<AfterSaleReason>().notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    refundFen: integer('refund_fen').notNull().default(0),
    shippingFen: integer('shipping_fen').notNull().default(0),
    rejectReason: varchar('reject_reason', { length: 100 }),
    returnCarrier: varchar('return_carrier', { length: 40 }),
    returnTrackingNo: varchar('return_tracking_no', { length: 60 }),
    /** The return shipping the shopper paid, as they stated it with the waybill (shop-fault returns only; null: none stated). */
    returnShippingFen: integer('return_shipping_fen'),
    /** What the operator approved of it after 收货 (0: refused; null: not yet decided), and why when less than stated. */
    returnShippingPaidFen: integer('return_shipping_paid_fen'),
    returnShippingNote: varchar('return_shipping_note', { length: 100 }),
    /** At 收货: true when the units went back into stock, false when written off (报损). */
    restocked: boolean('restocked'),
    reshipCarrier: varchar('reship_carrier', { length: 40 }),
    reshipTrackingNo: varchar('reship_tracking_no', { length: 60 }),
    /** When the clock moves it next: 待审核 → approved, 待寄回 → withdrawn, 换新已发出 → completed. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('after_sales_user_idx').on(t.userId, t.createdAt),
    index('after_sales_order_idx').on(t.orderId),
    index('after_sales_status_idx').on(t.status, t.dueAt),
    // Requests per type and reason over a range of days, for the console's 数据 (docs/stats.md#indexes).
    index('after_sales_created_idx').on(t.createdAt, t.type, t.reason),
    check('after_sales_type_chk', isOneOf(t.type, AFTER_SALE_TYPES)),
    check('after_sales_status_chk', isOneOf(t.status, AFTER_SALE_STATUSES)),
    check('after_sales_reason_chk', isOneOf(t.reason, AFTER_SALE_REASON_NAMES)),
    check('after_sales_refund_chk', sql`${t.refundFen} >= 0 and ${t.shippingFen} >= 0 and ${t.shippingFen} <= ${t.refundFen}`),
    check(
      'after_sales_return_shipping_chk',
      sql`(${t.returnShippingFen} is null or ${t.returnShippingFen} > 0) and (${t.returnShippingPaidFen} is null or (${t.returnShippingPaidFen} >= 0 and ${t.returnShippingPaidFen} <= ${t.returnShippingFen}))`,
    ),
  ],
);

/** The order lines of a request and how many units of each (never more than bought, over all counted requests). */
export const afterSaleItems = pgTable(
  'after_sale_items',
  {
    id: serial('id').primaryKey(),
    afterSaleId: integer('after_sale_id')
      .notNull()
      .references(() => afterSales.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    refundFen: integer('refund_fen').notNull(),
  },
  (t) => [
    uniqueIndex('after_sale_items_line_uq').on(t.afterSaleId, t.orderItemId),
    index('after_sale_items_item_idx').on(t.orderItemId),
    check('after_sale_items_qty_chk', sql`${t.quantity} > 0 and ${t.refundFen} >= 0`),
  ],
);

/** The request's timeline: one row per step, shown to the shopper. */
export const afterSaleEvents = pgTable(
  'after_sale_events',
  {
    id: serial('id').primaryKey(),
    afterSaleId: integer('after_sale_id')
      .notNull()
      .references(() => afterSales.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).$type<AfterSaleStatus>().notNull(),
    actor: varchar('actor', { length: 16 }).$type<AfterSaleActor>().notNull(),
    note: varchar('note', { length: 300 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('after_sale_events_idx').on(t.afterSaleId, t.id)],
);

/**
 * 上门取件 of a return (docs/after-sales.md#pickup): the courier the shop booked at the carrier (快递100's
 * 商家寄件) to collect the goods at `address` in the slot. At most one live (booked or assigned) per request
 * (a partial unique index: twenty bookings at once make one); after a cancel or a failure it may be booked
 * again. `salt` signs the carrier's callbacks for it; the carrier's task and order ids name it there. Once
 * collected, its waybill is the request's return waybill, entered by the same path as a typed one.
 */
export const returnPickups = pgTable(
  'return_pickups',
  {
    id: serial('id').primaryKey(),
    afterSaleId: integer('after_sale_id')
      .notNull()
      .references(() => afterSales.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 12 }).$type<PickupState>().notNull().default('booked'),
    /** Where the courier comes (the order's address, another of the shopper's, or one typed for it). */
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    slotEnd: timestamp('slot_end', { withTimezone: true }).notNull(),
    carrier: varchar('carrier', { length: 40 }).notNull(),
    carrierCode: varchar('carrier_code', { length: 20 }).notNull(),
    salt: varchar('salt', { length: 64 }).notNull(),
    taskId: varchar('task_id', { length: 64 }).unique(),
    carrierOrderId: varchar('carrier_order_id', { length: 64 }),
    courierName: varchar('courier_name', { length: 20 }),
    courierPhone: varchar('courier_phone', { length: 20 }),
    trackingNo: varchar('tracking_no', { length: 40 }),
    /** What the carrier charged for the parcel (its callback at collection), in fen; the shop's-fault return states it as 运费补偿. */
    freightFen: integer('freight_fen'),
    /** Why the carrier could not book or collect it (failed), or the cancel's reason. */
    note: varchar('note', { length: 100 }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('return_pickups_live_uq').on(t.afterSaleId).where(isOneOf(t.state, LIVE_PICKUP_STATES)),
    index('return_pickups_request_idx').on(t.afterSaleId, t.id),
    // Pickups booked per day, for the console's 数据 (docs/stats.md).
    index('return_pickups_created_idx').on(t.createdAt),
    check('return_pickups_state_chk', isOneOf(t.state, PICKUP_STATES)),
    check('return_pickups_freight_chk', sql`${t.freightFen} is null or ${t.freightFen} >= 0`),
  ],
);
