/** The demo payment gateways' books (lib/server/payment-sandbox/). */
import { integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The books of the demo gateways under /sandbox (demo mode only), which play WeChat Pay and Alipay:
 * one row per provider trade, keyed like the provider keys it (merchant + out_trade_no). The shop's
 * own records are `payments`; the shop never reads this table, it asks the gateway over HTTP.
 */
export const sandboxTrades = pgTable(
  'sandbox_trades',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 8 }).notNull(),
    /** The unguessable token in the gateway's own pages (code_url, h5_url, cashier). */
    ref: varchar('ref', { length: 40 }).notNull().unique(),
    tradeNo: varchar('trade_no', { length: 40 }).notNull().unique(),
    merchantId: varchar('merchant_id', { length: 40 }).notNull(),
    appId: varchar('app_id', { length: 40 }).notNull(),
    outTradeNo: varchar('out_trade_no', { length: 64 }).notNull(),
    tradeType: varchar('trade_type', { length: 16 }).notNull(),
    description: varchar('description', { length: 256 }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('NOTPAY'),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_trades_merchant_out_uq').on(t.provider, t.merchantId, t.outTradeNo)],
);

/** The demo gateways' refunds: any number per trade (partial refunds), each once per refund number, never more than the trade in all. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => sandboxTrades.id),
    refundNo: varchar('refund_no', { length: 64 }).notNull(),
    /** The gateway's own id of the refund (WeChat refund_id). */
    refundId: varchar('refund_id', { length: 40 }).notNull().unique(),
    amountFen: integer('amount_fen').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('PROCESSING'),
    notifyUrl: text('notify_url'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_refunds_trade_no_uq').on(t.tradeId, t.refundNo)],
);
