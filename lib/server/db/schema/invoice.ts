/** VAT invoices, their PDFs and a shopper's saved titles (module invoice). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { INVOICE_REVERSALS, INVOICE_STATUSES, INVOICE_TITLE_TYPES, type InvoiceReversal, type InvoiceStatus, type InvoiceTitleType, type InvoiceType } from '../../../domain/invoice-status';
import { createdAt, updatedAt, isOneOf, bytea } from './columns';
import { users } from './accounts';
import { orders } from './order';

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
