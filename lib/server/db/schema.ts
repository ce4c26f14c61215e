/**
 * The whole data model. Money is integer fen; times are timestamptz. Columns that hold a name from a
 * list (states, kinds) are typed with it and checked against it (docs/states.md).
 * Change it here, then `npm run db:generate` writes the migration into drizzle/.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { INVOICE_REVERSALS, INVOICE_STATUSES, INVOICE_TITLE_TYPES, type InvoiceReversal, type InvoiceStatus, type InvoiceTitleType, type InvoiceType } from '../../domain/invoice-status';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/order-status';
import { REFUND_KINDS, type PayChannel, type RefundKind } from '../../domain/payment-channels';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../domain/payment-status';
import { REFUND_STATUSES, type RefundStatus } from '../../domain/refund-status';
import { AFTER_SALE_REASON_NAMES, AFTER_SALE_STATUSES, AFTER_SALE_TYPES, type AfterSaleActor, type AfterSaleReason, type AfterSaleStatus, type AfterSaleType } from '../../domain/after-sale';
import { PRODUCT_KINDS, type ProductKind } from '../../domain/product-kind';
import { MESSAGE_CATEGORIES, MESSAGE_KIND_CATEGORY, type MessageCategory, type MessageKind } from '../../domain/messages';
import { COUPON_ISSUES, COUPON_KINDS, COUPON_SCOPES, COUPON_STATUSES, COUPON_VALIDITIES, type CouponIssue, type CouponKind, type CouponStatus } from '../../domain/coupon';
import type { ProductImage } from '../../domain/product-image';
import { SUPPORT_STATUSES, type SupportFrom, type SupportStatus } from '../../domain/support';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * `column in ('a','b')` from one of the lists of names: the CHECK is written from the list the code
 * uses, as the literal SQL a hand-written one would be (so the migrations do not change).
 */
function isOneOf(column: AnyPgColumn, names: readonly string[]): SQL {
  for (const n of names) if (!/^[a-z_]+$/.test(n)) throw new Error(`not a state name: ${n}`);
  return sql`${column} in (${sql.raw(names.map((n) => `'${n}'`).join(','))})`;
}

export type { ProductImage };
export type ProductSpec = { name: string; value: string };
export type AddressSnapshot = {
  name: string;
  tel: string;
  province: string;
  city: string;
  county: string;
  areaCode: string;
  addressDetail: string;
};

// ---------------------------------------------------------------- accounts

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  phone: varchar('phone', { length: 20 }).notNull().unique(),
  passwordHash: text('password_hash'),
  nickname: varchar('nickname', { length: 40 }),
  email: varchar('email', { length: 254 }),
  role: varchar('role', { length: 16 }).notNull().default('shopper'),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  // 注销账号: the row stays (orders and invoices point at it) with its personal data erased (docs/privacy.md).
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull().default('login'),
    ip: varchar('ip', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * The per-address limits' counters on PostgreSQL, in the shape rate-limiter-flexible's
 * RateLimiterPostgres reads and writes (lib/server/http/address-limit.ts): one row per limit and
 * address, `expire` in epoch milliseconds; the limiter deletes expired rows itself.
 */
export const addressLimits = pgTable('address_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

// ---------------------------------------------------------------- catalog

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 40 }).notNull().unique(),
  name: varchar('name', { length: 40 }).notNull(),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    slug: varchar('slug', { length: 60 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    subtitle: varchar('subtitle', { length: 200 }).notNull().default(''),
    kind: varchar('kind', { length: 16 }).$type<ProductKind>().notNull().default('device'),
    description: text('description').notNull().default(''),
    highlights: jsonb('highlights').$type<string[]>().notNull().default([]),
    specs: jsonb('specs').$type<ProductSpec[]>().notNull().default([]),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    seoTitle: varchar('seo_title', { length: 120 }).notNull(),
    seoDescription: varchar('seo_description', { length: 300 }).notNull(),
    seoKeywords: varchar('seo_keywords', { length: 300 }).notNull(),
    landingPath: varchar('landing_path', { length: 60 }),
    onSale: boolean('on_sale').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // What a search matches: name, subtitle and the specs' values, lowered. The database keeps it
    // (product_search_text in drizzle/0005_search.sql), so every write, the console's included, updates it
    // (docs/rules.md#search).
    searchText: text('search_text').generatedAlwaysAs(sql`product_search_text("name", "subtitle", "specs")`),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('products_kind_chk', isOneOf(t.kind, PRODUCT_KINDS)),
  ],
);

export const skus = pgTable(
  'skus',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 40 }).notNull().unique(),
    name: varchar('name', { length: 60 }).notNull(),
    priceFen: integer('price_fen').notNull(),
    listPriceFen: integer('list_price_fen').notNull(),
    stock: integer('stock').notNull().default(0),
    // The option's own picture (a colour's photo); null: the product's first image.
    image: varchar('image', { length: 200 }),
    onSale: boolean('on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('skus_product_idx').on(t.productId),
    check('skus_stock_chk', sql`${t.stock} >= 0`),
    check('skus_price_chk', sql`${t.priceFen} > 0 and ${t.listPriceFen} >= ${t.priceFen}`),
  ],
);

/** 到货通知: a shopper asked for an SMS when a sold-out option is back; notifiedAt once it was sent. */
export const stockNotices = pgTable(
  'stock_notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_notices_waiting_uq').on(t.userId, t.skuId).where(sql`${t.notifiedAt} is null`),
    index('stock_notices_sku_idx').on(t.skuId).where(sql`${t.notifiedAt} is null`),
  ],
);

// ---------------------------------------------------------------- cart

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  anonTokenHash: varchar('anon_token_hash', { length: 64 }).unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    quantity: integer('quantity').notNull(),
    selected: boolean('selected').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_cart_sku_uq').on(t.cartId, t.skuId), check('cart_items_qty_chk', sql`${t.quantity} > 0`)],
);

// ---------------------------------------------------------------- addresses

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 40 }).notNull(),
    tel: varchar('tel', { length: 20 }).notNull(),
    province: varchar('province', { length: 40 }).notNull(),
    city: varchar('city', { length: 40 }).notNull(),
    county: varchar('county', { length: 40 }).notNull(),
    areaCode: varchar('area_code', { length: 6 }).notNull(),
    addressDetail: varchar('address_detail', { length: 200 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- orders

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

// ---------------------------------------------------------------- payments

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    paymentNo: varchar('payment_no', { length: 32 }).notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    channel: varchar('channel', { length: 20 }).$type<PayChannel>().notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: varchar('status', { length: 16 }).$type<PaymentStatus>().notNull().default('pending'),
    providerTxnId: varchar('provider_txn_id', { length: 64 }),
    codeUrl: text('code_url'),
    h5Url: text('h5_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    check('payments_status_chk', isOneOf(t.status, PAYMENT_STATUSES)),
  ],
);

/**
 * Money going back: one row per refund sent to the provider (out_refund_no / out_request_no), a part or
 * all of one succeeded payment. The refunds of a payment never add up to more than it (checked with the
 * payment row locked). `afterSaleId` names the after-sales request it pays, if any.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    refundNo: varchar('refund_no', { length: 32 }).notNull().unique(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    afterSaleId: integer('after_sale_id').references((): AnyPgColumn => afterSales.id),
    /** The order's money, or 运费补偿 of a request's return shipping (docs/after-sales.md#return-shipping). */
    kind: varchar('kind', { length: 16 }).$type<RefundKind>().notNull().default('goods'),
    amountFen: integer('amount_fen').notNull(),
    reason: varchar('reason', { length: 80 }).notNull(),
    status: varchar('status', { length: 16 }).$type<RefundStatus>().notNull().default('processing'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status, t.updatedAt),
    // Money back per Beijing day for the console's 数据 (docs/stats.md#indexes).
    index('refunds_refunded_stats_idx').on(t.refundedAt, t.orderId, t.amountFen).where(sql`${t.status} = 'succeeded'`),
    check('refunds_status_chk', isOneOf(t.status, REFUND_STATUSES)),
    check('refunds_amount_chk', sql`${t.amountFen} > 0`),
    check('refunds_kind_chk', isOneOf(t.kind, REFUND_KINDS)),
    check('refunds_return_shipping_chk', sql`${t.kind} <> 'return_shipping' or ${t.afterSaleId} is not null`),
    // A request's return shipping is paid once: at most one such refund under way or done (a failed one may be sent again).
    uniqueIndex('refunds_return_shipping_once').on(t.afterSaleId).where(sql`${t.kind} = 'return_shipping' and ${t.status} <> 'failed'`),
  ],
);

export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    eventId: varchar('event_id', { length: 128 }).notNull(),
    paymentNo: varchar('payment_no', { length: 32 }),
    verified: boolean('verified').notNull(),
    outcome: varchar('outcome', { length: 40 }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_notifications_event_uq').on(t.provider, t.eventId)],
);

// ---------------------------------------------------------------- invoices

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    invoiceType: varchar('invoice_type', { length: 16 }).$type<InvoiceType>().notNull(),
    titleType: varchar('title_type', { length: 16 }).$type<InvoiceTitleType>().notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    taxNo: varchar('tax_no', { length: 18 }),
    email: varchar('email', { length: 254 }).notNull(),
    registeredAddress: varchar('registered_address', { length: 200 }),
    registeredPhone: varchar('registered_phone', { length: 20 }),
    bankName: varchar('bank_name', { length: 100 }),
    bankAccount: varchar('bank_account', { length: 40 }),
    amountFen: integer('amount_fen').notNull(),
    status: varchar('status', { length: 16 }).$type<InvoiceStatus>().notNull().default('pending'),
    rejectReason: varchar('reject_reason', { length: 200 }),
    invoiceNo: varchar('invoice_no', { length: 20 }).unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    /** null, or the 红冲 of an issued invoice whose order was refunded: 'pending' → 'done'. */
    reversal: varchar('reversal', { length: 16 }).$type<InvoiceReversal>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId, t.createdAt),
    index('invoices_status_idx').on(t.status, t.createdAt),
    check('invoices_status_chk', isOneOf(t.status, INVOICE_STATUSES)),
    check('invoices_reversal_chk', sql`${t.reversal} is null or (${isOneOf(t.reversal, INVOICE_REVERSALS)} and ${t.status} = 'issued')`),
    check('invoices_issued_chk', sql`${t.status} <> 'issued' or (${t.invoiceNo} is not null and ${t.issuedAt} is not null)`),
  ],
);

/** Raw bytes (PostgreSQL bytea): node-postgres hands back a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength),
});

/** The issued e-invoice as a PDF, in the database (docs/decisions/invoice-pdf.md). */
export const invoicePdfs = pgTable('invoice_pdfs', {
  invoiceId: integer('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  createdAt: createdAt(),
});

/** A shopper's saved invoice titles (抬头), one per title + taxpayer number ('' for a personal title). */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    titleType: varchar('title_type', { length: 16 }).$type<InvoiceTitleType>().notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    taxNo: varchar('tax_no', { length: 18 }).notNull().default(''),
    registeredAddress: varchar('registered_address', { length: 200 }),
    registeredPhone: varchar('registered_phone', { length: 20 }),
    bankName: varchar('bank_name', { length: 100 }),
    bankAccount: varchar('bank_account', { length: 40 }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_titles_user_title_uq').on(t.userId, t.title, t.taxNo),
    index('invoice_titles_user_used_idx').on(t.userId, t.lastUsedAt),
    check('invoice_titles_type_chk', isOneOf(t.titleType, INVOICE_TITLE_TYPES)),
  ],
);

// ---------------------------------------------------------------- services, leads, audit

export const licenses = pgTable(
  'licenses',
  {
    id: serial('id').primaryKey(),
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
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Set when the shopper activates the code (the term starts); an activated code is no longer refundable. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Set when the order's refund takes the code back: it no longer activates. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('licenses_order_idx').on(t.orderId)],
);

export const leads = pgTable('leads', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull(),
  company: varchar('company', { length: 100 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  email: varchar('email', { length: 254 }),
  product: varchar('product', { length: 40 }).notNull(),
  seats: integer('seats'),
  message: varchar('message', { length: 1000 }).notNull().default(''),
  status: varchar('status', { length: 16 }).notNull().default('new'),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    action: varchar('action', { length: 60 }).notNull(),
    entity: varchar('entity', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 60 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

// ---------------------------------------------------------------- after-sales (售后)

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
 * Photos a shopper uploads (after-sales evidence), in the database so every instance of the shop
 * reads them; only the uploader and operators may. `afterSaleId` is set when a request takes it.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    afterSaleId: integer('after_sale_id').references(() => afterSales.id),
    contentType: varchar('content_type', { length: 20 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt), index('uploads_after_sale_idx').on(t.afterSaleId)],
);

// ---------------------------------------------------------------- reviews, favorites, history

/**
 * 评价: one per order line, by its buyer (docs/reviews.md). The option bought is copied from the line;
 * a 追评 is a second text on the same row. A hidden review (the operator's, with a reason) is shown to
 * nobody but its author and the console, and counts in no average.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    skuName: varchar('sku_name', { length: 60 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    photoCount: integer('photo_count').notNull().default(0),
    appendContent: varchar('append_content', { length: 500 }),
    appendedAt: timestamp('appended_at', { withTimezone: true }),
    reply: varchar('reply', { length: 500 }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: varchar('hidden_reason', { length: 100 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_order_item_uq').on(t.orderItemId),
    index('reviews_product_idx').on(t.productId, t.createdAt),
    index('reviews_user_idx').on(t.userId, t.createdAt),
    check('reviews_rating_chk', sql`${t.rating} between 1 and 5`),
  ],
);

/** A review's photos (uploads the author made), in the order given; `appended` for the 追评's. */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    uploadId: varchar('upload_id', { length: 32 })
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    appended: boolean('appended').notNull().default(false),
  },
  (t) => [uniqueIndex('review_photos_upload_uq').on(t.uploadId), index('review_photos_review_idx').on(t.reviewId, t.id)],
);

/** 收藏: the lowest price of the product when it was saved, so the list can say 降价. */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    savedPriceFen: integer('saved_price_fen').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favorites_uq').on(t.userId, t.productId),
    index('favorites_user_idx').on(t.userId, t.createdAt),
    // A price lowered: the product's favorites saved above it are told (docs/messages.md#events).
    index('favorites_product_idx').on(t.productId, t.savedPriceFen),
  ],
);

/** 足迹: a logged-in shopper's last view of each product (at most HISTORY_KEPT per shopper). */
export const browseHistory = pgTable(
  'browse_history',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('browse_history_uq').on(t.userId, t.productId), index('browse_history_user_idx').on(t.userId, t.viewedAt)],
);

// ---------------------------------------------------------------- demo payment gateways (/sandbox)

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

// ---------------------------------------------------------------- coupons (docs/coupons.md)

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

/**
 * A shopper's photo uploads tried in the last hour, refused ones included (docs/after-sales.md#photos):
 * each try takes a row under the shopper's lock before the file is even looked at, so neither a burst
 * nor a stream of refused files passes UPLOADS_PER_USER_HOUR. Rows older than the hour are deleted at
 * the shopper's next try.
 */
export const uploadTries = pgTable(
  'upload_tries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    triedAt: timestamp('tried_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('upload_tries_user_idx').on(t.userId, t.triedAt)],
);

/**
 * The outbox (docs/outbox.md): work that must follow a commit (an SMS, cached pages refreshed, stock-back
 * notices, a refund sent to the provider), written in the transaction that causes it and delivered by
 * the dispatcher after the commit, at least once, retried with backoff. `dedupe_key` keeps a cause from
 * writing one event twice; `due_at` is the next try (and, while a dispatcher holds it, its lease).
 * Payloads hold ids, never phone numbers: they are looked up at delivery.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dedupeKey: varchar('dedupe_key', { length: 120 }).unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 500 }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('outbox_events_due_idx').on(t.dueAt).where(sql`${t.deliveredAt} is null`)],
);

// ---------------------------------------------------------------- parcel tracking (docs/tracking.md)

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

// ---------------------------------------------------------------- 消息中心 (docs/messages.md)

/**
 * One message a shopper reads in the 消息中心: written by the outbox's `notify` handler, once per event —
 * `source_key` is the outbox event's dedupe key (or `outbox-<id>`), unique, so a redelivery inserts
 * nothing. The list reads (user_id, created_at desc); the unread badge is one query over the partial
 * index of unread rows, grouped by category. Kept 90 days (docs/privacy.md#retention).
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).$type<MessageKind>().notNull(),
    category: varchar('category', { length: 16 }).$type<MessageCategory>().notNull(),
    title: varchar('title', { length: 60 }).notNull(),
    body: varchar('body', { length: 500 }).notNull(),
    link: varchar('link', { length: 300 }).notNull(),
    sourceKey: varchar('source_key', { length: 160 }).notNull().unique(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_kind_chk', isOneOf(t.kind, Object.keys(MESSAGE_KIND_CATEGORY))),
    check('messages_category_chk', isOneOf(t.category, MESSAGE_CATEGORIES)),
    index('messages_user_time_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('messages_user_category_time_idx').on(t.userId, t.category, t.createdAt.desc(), t.id.desc()),
    index('messages_unread_idx').on(t.userId, t.category).where(sql`${t.readAt} is null`),
    index('messages_created_idx').on(t.createdAt),
  ],
);

/** 消息设置: per category, whether an SMS goes out with the message. No row: the defaults (docs/messages.md#settings). */
export const messageSettings = pgTable('message_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  smsTrade: boolean('sms_trade').notNull(),
  smsAftersale: boolean('sms_aftersale').notNull(),
  smsPromotion: boolean('sms_promotion').notNull(),
  smsService: boolean('sms_service').notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- 在线客服 (docs/support.md)

/**
 * A shopper's conversation with the shop. One open (waiting or open) conversation per shopper: the
 * partial unique index holds that under any number of concurrent first messages. `waiting`: nobody
 * took it yet; `open`: an operator took it (接入); `closed`: ended by an operator or after 48 idle hours.
 * The card (a product or an order) is what the conversation was opened from. `waitingSince`: the
 * shopper's oldest message no operator answered yet (the queue's waiting time), null once answered.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).$type<SupportStatus>().notNull().default('waiting'),
    operatorId: integer('operator_id').references(() => users.id),
    productId: integer('product_id').references(() => products.id),
    orderId: integer('order_id').references(() => orders.id),
    /** The card asked from an after-sales request or an invoice (the shopper's own): docs/support.md#the-conversation. */
    afterSaleId: integer('after_sale_id').references(() => afterSales.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    /** When an operator took it (接入, or answering a waiting one): the console says who serves it since when. */
    takenAt: timestamp('taken_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('support_conversations_status_chk', isOneOf(t.status, SUPPORT_STATUSES)),
    uniqueIndex('support_conversations_one_open_uq').on(t.userId).where(sql`${t.status} <> 'closed'`),
    index('support_conversations_user_idx').on(t.userId, t.id.desc()),
    index('support_conversations_queue_idx').on(t.status, t.lastMessageAt.desc()),
  ],
);

/**
 * One line of a conversation: the shopper's (`shopper`) or the shop's (`shop`: an operator's answer,
 * `operatorId` set, or an automatic line, null). `readAt`: when the other side saw it (已读).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    author: varchar('author', { length: 8 }).$type<SupportFrom>().notNull(),
    operatorId: integer('operator_id').references(() => users.id),
    text: varchar('text', { length: 500 }).notNull().default(''),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The Idempotency-Key of the shopper's request that wrote it: its repeat finds it (docs/decisions/retries.md). */
    requestKey: varchar('request_key', { length: 100 }),
    createdAt: createdAt(),
  },
  (t) => [
    check('support_messages_author_chk', isOneOf(t.author, ['shopper', 'shop'])),
    uniqueIndex('support_messages_request_key_idx').on(t.conversationId, t.requestKey),
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    index('support_messages_unread_idx').on(t.conversationId, t.author).where(sql`${t.readAt} is null`),
  ],
);

/** 常用语: an operator's own canned answers. */
export const supportCannedReplies = pgTable(
  'support_canned_replies',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: varchar('text', { length: 500 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_canned_operator_idx').on(t.operatorId, t.id)],
);

// ---------------------------------------------------------------- idempotency keys (docs/decisions/retries.md)

/**
 * One mutating request sent with an `Idempotency-Key`, per caller (`scope`: a hash of who sent it).
 * While it runs, `owner` names the instance working on it (its liveness lock: lib/server/db/instance-lock.ts);
 * `committed` is set inside the transaction that wrote its work, so a retry after a kill knows whether
 * anything was done. Once answered, `owner` is null and the answer (status, headers, body in base64)
 * is what every repeat gets. Deleted after IDEMPOTENCY_KEEP_HOURS by the retention sweep.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: varchar('scope', { length: 64 }).notNull(),
    key: varchar('key', { length: 100 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    owner: integer('owner'),
    committed: boolean('committed').notNull().default(false),
    status: integer('status'),
    headers: jsonb('headers').$type<[string, string][]>(),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
