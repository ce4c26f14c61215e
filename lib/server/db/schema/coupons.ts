/** Coupon templates, shoppers' coupons, claims, codes and code tries (module coupons, docs/coupons.md). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { COUPON_ISSUES, COUPON_KINDS, COUPON_SCOPES, COUPON_STATUSES, COUPON_VALIDITIES, type CouponIssue, type CouponKind, type CouponStatus } from '../../../domain/coupon';
import { createdAt, updatedAt, isOneOf } from './columns';
import { users } from './accounts';

/** A coupon as the operator defines it; shoppers get coupons (rows of `coupons`) from it. */
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<CouponKind>().notNull(),
    amountFen: integer('amount_fen'),
    thresholdFen: integer('threshold_fen').notNull().default(0),
    percent: integer('percent'),
    capFen: integer('cap_fen'),
    scopeType: varchar('scope_type', { length: 12 }).$type<(typeof COUPON_SCOPES)[number]>().notNull().default('all'),
    scopeIds: jsonb('scope_ids').$type<number[]>().notNull().default([]),
    validityType: varchar('validity_type', { length: 8 }).$type<(typeof COUPON_VALIDITIES)[number]>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    validDays: integer('valid_days'),
    /** How many may be issued in all; null: no limit. `issued` only grows, in one guarded statement. */
    total: integer('total'),
    issued: integer('issued').notNull().default(0),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    issue: varchar('issue', { length: 12 }).$type<CouponIssue>().notNull(),
    /** The one public code of an `issue = 'code'` template (upper case); batch codes live in coupon_codes. */
    code: varchar('code', { length: 32 }).unique(),
    /** 停发: no more are issued; those issued stay valid. */
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('coupon_templates_kind_chk', isOneOf(t.kind, COUPON_KINDS)),
    check('coupon_templates_scope_chk', isOneOf(t.scopeType, COUPON_SCOPES)),
    check('coupon_templates_validity_chk', isOneOf(t.validityType, COUPON_VALIDITIES)),
    check('coupon_templates_issue_chk', isOneOf(t.issue, COUPON_ISSUES)),
    check('coupon_templates_issued_chk', sql`${t.issued} >= 0 and (${t.total} is null or ${t.issued} <= ${t.total})`),
    check('coupon_templates_limit_chk', sql`${t.perUserLimit} >= 1`),
  ],
);

/** A shopper's coupon: the template's rule applies; its own window; used by at most one order. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 8 }).$type<CouponStatus>().notNull().default('unused'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The order that used it while `used`. */
    orderId: integer('order_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    source: varchar('source', { length: 8 }).$type<CouponIssue>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupons_user_status_idx').on(t.userId, t.status, t.endsAt),
    index('coupons_template_idx').on(t.templateId),
    // The sweep's 优惠券即将过期 (docs/messages.md#events): unused coupons by their end, without a walk over every coupon each tick.
    index('coupons_unused_ends_idx').on(t.endsAt).where(sql`${t.status} = 'unused'`),
    check('coupons_status_chk', isOneOf(t.status, COUPON_STATUSES)),
  ],
);

/** How many of a template each shopper has taken: the per-shopper limit is a guarded upsert on this row. */
export const couponClaims = pgTable(
  'coupon_claims',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimed: integer('claimed').notNull(),
  },
  (t) => [uniqueIndex('coupon_claims_uq').on(t.templateId, t.userId)],
);

/** Single-use codes of a batch: only their hash is kept (the CSV is handed out once, when made). */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    codeHash: varchar('code_hash', { length: 64 }).notNull().unique(),
    redeemedBy: integer('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_codes_template_idx').on(t.templateId)],
);

/**
 * A shopper's tries of a coupon code in the last hour that were not redeemed (docs/coupons.md#codes):
 * each try takes a row before the code is looked up and loses it when the code is redeemed, so a burst
 * of guesses cannot pass the limit. Rows older than the hour are deleted at the shopper's next try.
 */
export const couponCodeTries = pgTable(
  'coupon_code_tries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    triedAt: timestamp('tried_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('coupon_code_tries_user_idx').on(t.userId, t.triedAt)],
);
