/** The demo payment gateways' books (lib/server/payment-sandbox/). */
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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

/**
 * The demo gateways' deduction contracts (WeChat Pay 委托代扣, Alipay 周期扣款), keyed like the providers
 * key them (merchant + the merchant's contract number). `balanceShort` is the demo's switch that makes
 * every charge on the contract fail for 余额不足, so retries can be tried.
 */
export const sandboxContracts = pgTable(
  'sandbox_contracts',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 8 }).notNull(),
    /** The unguessable token of the contract's page on the demo phone. */
    ref: varchar('ref', { length: 40 }).notNull().unique(),
    /** The provider's id of the contract (contract_id / agreement_no). */
    contractId: varchar('contract_id', { length: 40 }).notNull().unique(),
    merchantId: varchar('merchant_id', { length: 40 }).notNull(),
    outContractCode: varchar('out_contract_code', { length: 64 }).notNull(),
    /** The template (WeChat plan_id) or the product (Alipay personal_product_code) signed. */
    plan: varchar('plan', { length: 40 }).notNull(),
    displayAccount: varchar('display_account', { length: 64 }).notNull(),
    description: varchar('description', { length: 256 }).notNull(),
    /** What one period costs, shown on the page (Alipay single_amount; WeChat's template says it). */
    amountFen: integer('amount_fen'),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url'),
    /** PENDING (page shown) → SIGNED → TERMINATED; CANCELLED when the shopper declines. */
    status: varchar('status', { length: 16 }).notNull().default('PENDING'),
    balanceShort: boolean('balance_short').notNull().default(false),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_contracts_merchant_code_uq').on(t.provider, t.merchantId, t.outContractCode)],
);
