/**
 * Subscriptions of the yearly services and what hangs on them (module subscription, docs/subscriptions.md):
 * the subscription a shopper owns, its seats (one activation code each), what an order buys for an existing
 * subscription (applied once, when paid), its history, the reminders sent once per term end, the 自动续费
 * contracts and their charges, and the nonces the apps' signed entitlement requests used.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { CHARGE_STATES, CONTRACT_CHANNELS, CONTRACT_STATES, type ChargeState, type ContractChannel, type ContractEndedBy, type ContractState } from '../../../domain/auto-renew';
import { createdAt, updatedAt, isOneOf } from './columns';
import { users } from './accounts';
import { products, skus } from './catalog';
import { orderItems, orders } from './order';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The edition: a renewal is priced from this SKU's price of the day; an upgrade moves it. */
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    /** The order that bought it, and its line. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    seats: integer('seats').notNull().default(1),
    /** Null until the first code is activated: the term starts then, and every seat ends on `endsAt`. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Set when a refund of its order took it back (已退款). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    index('subscriptions_ends_idx').on(t.endsAt),
    index('subscriptions_order_idx').on(t.orderId),
    check('subscriptions_seats_chk', sql`${t.seats} >= 1`),
  ],
);

/** A seat of a subscription: its activation code. A code activated is a seat used. */
export const licenses = pgTable(
  'licenses',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    /** The order that paid for the seat (the buying order, or the order of 加席位). */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id').notNull(),
    code: varchar('code', { length: 40 }).notNull().unique(),
    /** Set when the shopper activates the code; the subscription's term starts with its first one. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Set when a refund takes the code back: it no longer activates. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('licenses_order_idx').on(t.orderId), index('licenses_subscription_idx').on(t.subscriptionId)],
);

export const SUBSCRIPTION_ORDER_KINDS = ['renew', 'seats', 'upgrade'] as const;
export type SubscriptionOrderKind = (typeof SUBSCRIPTION_ORDER_KINDS)[number];

/**
 * What an order buys for an existing subscription (续费, 加席位, 升级), written when the order is placed and
 * applied once, in the transaction that marks the order paid (`appliedAt` goes from null to a time once).
 */
export const subscriptionOrders = pgTable(
  'subscription_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    kind: varchar('kind', { length: 16 }).$type<SubscriptionOrderKind>().notNull(),
    years: integer('years').notNull().default(0),
    seats: integer('seats').notNull().default(0),
    /** 升级: the SKU of the edition it had (what a refund gives back) and of the new edition. */
    fromSkuId: integer('from_sku_id').references(() => skus.id),
    toSkuId: integer('to_sku_id').references(() => skus.id),
    /** The end the price was computed against: a payment that arrives after the end moved is still applied. */
    pricedEndsAt: timestamp('priced_ends_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** Set once when a refund of the order took back what it applied (the term, the edition). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_orders_sub_idx').on(t.subscriptionId), check('subscription_orders_kind_chk', isOneOf(t.kind, SUBSCRIPTION_ORDER_KINDS))],
);

export const SUBSCRIPTION_EVENT_KINDS = ['created', 'migrated', 'activated', 'renewed', 'seats_added', 'upgraded', 'adjusted', 'refunded'] as const;
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number];

/** The subscription's history: every change of its term, seats or edition, with the order or operator behind it. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    kind: varchar('kind', { length: 16 }).$type<SubscriptionEventKind>().notNull(),
    orderId: integer('order_id').references(() => orders.id),
    operatorId: integer('operator_id'),
    reason: varchar('reason', { length: 200 }),
    fromEndsAt: timestamp('from_ends_at', { withTimezone: true }),
    toEndsAt: timestamp('to_ends_at', { withTimezone: true }),
    seats: integer('seats'),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscription_events_sub_idx').on(t.subscriptionId, t.createdAt),
    // One term change per paid order, never two.
    uniqueIndex('subscription_events_order_idx').on(t.orderId).where(sql`${t.orderId} is not null and ${t.kind} in ('renewed','seats_added','upgraded')`),
    check('subscription_events_kind_chk', isOneOf(t.kind, SUBSCRIPTION_EVENT_KINDS)),
  ],
);

export const REMINDER_KINDS = ['month_before', 'week_before', 'day_before', 'lapsed'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** A reminder sent: once per subscription, term end and kind, across every instance. */
export const subscriptionReminders = pgTable(
  'subscription_reminders',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<ReminderKind>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.endsAt, t.kind] }), check('subscription_reminders_kind_chk', isOneOf(t.kind, REMINDER_KINDS))],
);


/** 自动续费: a deduction contract (WeChat Pay 委托代扣, Alipay 周期扣款) signed by the shopper for one subscription. */
export const subscriptionContracts = pgTable(
  'subscription_contracts',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    channel: varchar('channel', { length: 16 }).$type<ContractChannel>().notNull(),
    /** Our number for the contract, sent to the provider (contract_code / external_agreement_no). */
    contractNo: varchar('contract_no', { length: 32 }).notNull().unique(),
    /** The provider's id of the signed contract (contract_id / agreement_no). */
    providerContractId: varchar('provider_contract_id', { length: 64 }),
    /** Where the shopper signs (the provider's page), kept so that asking again while signing answers the same page. */
    signUrl: text('sign_url'),
    state: varchar('state', { length: 16 }).$type<ContractState>().notNull().default('signing'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    /** Who ended it (CONTRACT_ENDED_BY in lib/domain/auto-renew.ts). */
    terminatedBy: varchar('terminated_by', { length: 16 }).$type<ContractEndedBy>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscription_contracts_sub_idx').on(t.subscriptionId),
    // At most one contract signing or in force per subscription.
    uniqueIndex('subscription_contracts_live_idx').on(t.subscriptionId).where(sql`${t.state} <> 'terminated'`),
    check('subscription_contracts_channel_chk', isOneOf(t.channel, CONTRACT_CHANNELS)),
    check('subscription_contracts_state_chk', isOneOf(t.state, CONTRACT_STATES)),
  ],
);


/** One automatic renewal of one term end: its 5-day notice, its order, its attempts. */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => subscriptionContracts.id),
    /** The term end this charge renews: one charge per subscription and end. */
    forEndsAt: timestamp('for_ends_at', { withTimezone: true }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    state: varchar('state', { length: 16 }).$type<ChargeState>().notNull().default('noticed'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The latest attempt: when it began, and the payment its deduction was sent as. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    paymentNo: varchar('payment_no', { length: 32 }),
    noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: varchar('last_error', { length: 200 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_charges_term_idx').on(t.subscriptionId, t.forEndsAt),
    index('subscription_charges_due_idx').on(t.state, t.nextAttemptAt),
    check('subscription_charges_state_chk', isOneOf(t.state, CHARGE_STATES)),
  ],
);

/** The nonces of the apps' signed entitlement requests, kept past the timestamp window so a replay is refused. */
export const entitlementNonces = pgTable(
  'entitlement_nonces',
  {
    appId: varchar('app_id', { length: 32 }).notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.nonce] }), index('entitlement_nonces_seen_idx').on(t.seenAt)],
);
