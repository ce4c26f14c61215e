/** The demo carrier's books (lib/server/carrier-sandbox/). */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The demo carrier's books under /sandbox/carrier (demo mode only), which plays 快递100: one row per
 * subscribed waybill, the events pushed so far, and when the next step is due (the sweep walks them,
 * so a restart or another instance carries on). The shop never reads this table: it hears pushes.
 */
export const sandboxParcels = pgTable(
  'sandbox_parcels',
  {
    id: serial('id').primaryKey(),
    company: varchar('company', { length: 20 }).notNull(),
    number: varchar('number', { length: 40 }).notNull(),
    callbackUrl: text('callback_url').notNull(),
    salt: varchar('salt', { length: 64 }),
    /** The places of the steps, first to last: 合肥, the cities on the way, the destination (a return: the shopper's city … 合肥). */
    route: jsonb('route').$type<string[]>().notNull(),
    /** Where a parcel not sent by the shop is collected, as 快递100's areaName ("江苏,南京市"): a shopper's return. null: the shop's warehouse. */
    pickup: varchar('pickup', { length: 40 }),
    /** Steps pushed so far (0: none yet). */
    step: integer('step').notNull().default(0),
    /** The events pushed so far, newest first, as 快递100 sends them. */
    events: jsonb('events').$type<{ time: string; ftime: string; context: string; areaName: string; status: string; statusCode: string }[]>().notNull().default([]),
    nextStepAt: timestamp('next_step_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_parcels_waybill_uq').on(t.company, t.number), index('sandbox_parcels_due_idx').on(t.nextStepAt)],
);

/**
 * The demo carrier's 商家寄件 books (demo mode only): one row per 上门取件 order the shop placed with
 * `bOrder` — its task and order ids, the callback and salt, the slot, and the courier's steps: 0 下单成功
 * → 1 已接单 (a courier and a waybill) → 10 已取件; 99 cancelled (only before 10). The sweep takes the due
 * steps (a guarded update per step) and pushes each to the callback, signed as 快递100 signs it.
 */
export const sandboxPickups = pgTable(
  'sandbox_pickups',
  {
    id: serial('id').primaryKey(),
    taskId: varchar('task_id', { length: 64 }).notNull(),
    orderId: varchar('order_id', { length: 64 }).notNull(),
    kuaidicom: varchar('kuaidicom', { length: 20 }).notNull(),
    callbackUrl: text('callback_url').notNull(),
    salt: varchar('salt', { length: 64 }),
    /** The sender's address as sent (sendManPrintAddr): where the courier goes. */
    sendAddr: varchar('send_addr', { length: 200 }).notNull(),
    dayType: varchar('day_type', { length: 8 }).notNull(),
    pickupStart: varchar('pickup_start', { length: 5 }).notNull(),
    pickupEnd: varchar('pickup_end', { length: 5 }).notNull(),
    /** 快递100's order state: '0' booked, '1' a courier took it, '10' collected, '99' cancelled. */
    status: varchar('status', { length: 4 }).notNull().default('0'),
    courierName: varchar('courier_name', { length: 20 }),
    courierMobile: varchar('courier_mobile', { length: 20 }),
    kuaidinum: varchar('kuaidinum', { length: 40 }),
    nextStepAt: timestamp('next_step_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_pickups_task_uq').on(t.taskId), index('sandbox_pickups_due_idx').on(t.nextStepAt)],
);
