/** Waybills followed at the carrier and their events (module tracking, docs/tracking.md). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { afterSales } from './after-sales';
import { orders } from './order';

/**
 * One waybill the shop follows at the carrier's tracking service (快递100): written with 发货, subscribed
 * after the commit (outbox `carrier_subscribe`). `salt` signs the carrier's pushes for this waybill;
 * `state` is the carrier's last state code (null until its first push); `last_event_at` is the newest
 * event's time, which the sweep and the console's 疑难 list read for waybills gone quiet.
 */
export const waybillSubscriptions = pgTable(
  'waybill_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** The order shipped with it (发货), or … */
    orderId: integer('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** … the after-sales request the shopper sent the goods back under (退货物流), or … */
    afterSaleId: integer('after_sale_id')
      .unique()
      .references(() => afterSales.id, { onDelete: 'cascade' }),
    /** … the exchange whose new goods the shop sent out (换新发出, 换新物流): exactly one of the three. */
    exchangeAfterSaleId: integer('exchange_after_sale_id')
      .unique()
      .references(() => afterSales.id, { onDelete: 'cascade' }),
    carrierCode: varchar('carrier_code', { length: 20 }).notNull(),
    trackingNo: varchar('tracking_no', { length: 40 }).notNull(),
    salt: varchar('salt', { length: 64 }).notNull(),
    /** Where the parcel goes: the address snapshot's province and city (the carrier's `to`). */
    destination: varchar('destination', { length: 60 }).notNull(),
    state: varchar('state', { length: 8 }),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    lastPushAt: timestamp('last_push_at', { withTimezone: true }),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('waybill_subscriptions_waybill_idx').on(t.carrierCode, t.trackingNo),
    check('waybill_subscriptions_owner_chk', sql`num_nonnulls(${t.orderId}, ${t.afterSaleId}, ${t.exchangeAfterSaleId}) = 1`),
  ],
);

/** The carrier's events of a waybill, each once: `event_key` is a hash of its time and text, unique per waybill. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => waybillSubscriptions.id, { onDelete: 'cascade' }),
    eventKey: varchar('event_key', { length: 64 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    place: varchar('place', { length: 60 }),
    text: varchar('text', { length: 500 }).notNull(),
    /** The carrier's state code of this event (resultv2 sub-states included), when it sends one. */
    state: varchar('state', { length: 8 }),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('tracking_events_key_uq').on(t.subscriptionId, t.eventKey), index('tracking_events_time_idx').on(t.subscriptionId, t.occurredAt)],
);
