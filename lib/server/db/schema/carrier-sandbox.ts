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
