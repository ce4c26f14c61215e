/**
 * Invoices (docs/states.md#invoice-statuses): a shopper requests one for a paid, shipped or
 * completed order, follows it (待开票 → 已开票 or 已驳回) and downloads the issued e-invoice; the
 * operator console issues or rejects it, and a refund marks an issued invoice for its 红冲
 * (reversal). The amount is what the shopper paid (the order's totalFen). Every state change is one
 * guarded UPDATE … WHERE status = …, written once: moveInvoice in ./states.ts. The invoices joined with
 * their order for the screens are views (lib/server/views/invoices.ts, console-invoices.ts); the
 * console's moves that answer with one are flows (lib/server/flows/invoice-console.ts).
 */
import 'server-only';
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { API_BASE } from '../../../api/protocol';
import { INVOICE_NO_LENGTH, INVOICE_REFUND_REJECT_REASON, INVOICE_REGION_CODE, INVOICE_TITLES_SHOWN } from '../../../domain/invoice-rules';
import {
  INVOICE_REVERSAL_LABEL,
  INVOICE_STATUS_LABEL,
  INVOICE_TITLE_TYPE_LABEL,
  INVOICE_TYPE_LABEL,
  INVOICEABLE_ORDER_STATUSES,
  isInvoiceable,
  type InvoiceReversal,
  type InvoiceStatus,
  type InvoiceTitleType,
  type InvoiceType,
} from '../../../domain/invoice-status';
import type { OrderStatus } from '../../../domain/order-status';
import { shopDay } from '../../../domain/shop-time';
import { invoiceRequestSchema, type InvoiceRequest } from '../../../validation/invoice';
import { isUniqueViolation } from '../../db/unique';
import { getDb, withTx, type DbOrTx } from '../../db/client';
import { parseId } from '../../db/id';
import { invoicePdfs, invoices, invoiceTitles } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { renderInvoicePdf, type InvoiceBuyer, type InvoicePdfLine } from '../../invoice-pdf';
import { iso } from '../../iso';
import { log } from '../../log';
import { writeAudit } from '../audit';
import { notify } from '../messages';
import { orderIsIn, orderTotal, shareLockShopperOrder, type OrderItemRow } from '../order';
import { refundedFen } from '../payment';
import { moveInvoice } from './states';

export type Invoice = {
  id: number;
  orderNo: string;
  invoiceType: InvoiceType;
  invoiceTypeLabel: string;
  titleType: InvoiceTitleType;
  titleTypeLabel: string;
  title: string;
  taxNo: string | null;
  email: string;
  registeredAddress: string | null;
  registeredPhone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  amountFen: number;
  /** What the order's coupon took off (already out of amountFen): shown beside the amount, a 折扣 line in the PDF. */
  orderDiscountFen: number;
  status: InvoiceStatus;
  statusLabel: string;
  rejectReason: string | null;
  invoiceNo: string | null;
  issuedAt: string | null;
  rejectedAt: string | null;
  createdAt: string;
  /** An issued invoice of a refunded order: 'pending' (待红冲) until the console has reversed it ('done'). */
  reversal: InvoiceReversal | null;
  reversalLabel: string | null;
  /** GET this (with the shopper's token or cookie) for the PDF; null until issued. */
  pdfUrl: string | null;
};

export type InvoiceSummary = Pick<
  Invoice,
  'id' | 'orderNo' | 'invoiceType' | 'invoiceTypeLabel' | 'titleType' | 'title' | 'amountFen' | 'status' | 'statusLabel' | 'invoiceNo' | 'issuedAt' | 'createdAt' | 'rejectReason' | 'reversal' | 'reversalLabel'
>;

/** A saved title (抬头) the request form offers again. */
export type InvoiceTitle = { id: number; titleType: InvoiceTitleType } & InvoiceBuyer;

/** What the console sees of an invoice: the shopper's (masked) phone and the order's state too. */
export type AdminInvoice = Invoice & { userId: number; userPhone: string; orderStatus: OrderStatus; orderStatusLabel: string };

type InvoiceRow = typeof invoices.$inferSelect;

const invoicePdfUrl = (id: number) => `${API_BASE}/invoices/${id}/pdf`;

/** The invoice row with what it shows of its order. */
type WithOrder = { inv: InvoiceRow; orderNo: string; orderDiscountFen: number };

export function toInvoice({ inv: r, orderNo, orderDiscountFen }: WithOrder): Invoice {
  const { status, invoiceType, titleType, reversal } = r;
  return {
    id: r.id,
    orderNo,
    invoiceType,
    invoiceTypeLabel: INVOICE_TYPE_LABEL[invoiceType],
    titleType,
    titleTypeLabel: INVOICE_TITLE_TYPE_LABEL[titleType],
    title: r.title,
    taxNo: r.taxNo,
    email: r.email,
    registeredAddress: r.registeredAddress,
    registeredPhone: r.registeredPhone,
    bankName: r.bankName,
    bankAccount: r.bankAccount,
    amountFen: r.amountFen,
    orderDiscountFen,
    status,
    statusLabel: INVOICE_STATUS_LABEL[status],
    rejectReason: r.rejectReason,
    invoiceNo: r.invoiceNo,
    issuedAt: iso(r.issuedAt),
    rejectedAt: iso(r.rejectedAt),
    createdAt: iso(r.createdAt),
    reversal,
    reversalLabel: reversal ? INVOICE_REVERSAL_LABEL[reversal] : null,
    pdfUrl: status === 'issued' ? invoicePdfUrl(r.id) : null,
  };
}

export function toSummary(i: Invoice): InvoiceSummary {
  const { id, orderNo, invoiceType, invoiceTypeLabel, titleType, title, amountFen, status, statusLabel, invoiceNo, issuedAt, createdAt, rejectReason, reversal, reversalLabel } = i;
  return { id, orderNo, invoiceType, invoiceTypeLabel, titleType, title, amountFen, status, statusLabel, invoiceNo, issuedAt, createdAt, rejectReason, reversal, reversalLabel };
}

/** An invoice id from a path or a caller; anything that cannot be one is simply not found. */
export function invoiceId(raw: number | string): number {
  const id = parseId(raw);
  if (id === null) throw notFound('发票不存在');
  return id;
}

/** Why an order in this state cannot be invoiced (409), or null when it can; `action` names what is refused. */
export function invoiceRefusal(status: OrderStatus, action: '申请开票' | '开具发票' = '申请开票'): string | null {
  if (isInvoiceable(status)) return null;
  switch (status) {
    case 'pending_payment':
      return `订单尚未付款，付款后才能${action}`;
    case 'cancelled':
      return `订单已取消，不能${action}`;
    case 'refunding':
      return `订单退款中，不能${action}`;
    case 'refunded':
      return `订单已退款，不能${action}`;
    default:
      return `当前订单状态不能${action}`;
  }
}

// ------------------------------------------------------------------ the shopper

/** Remembers the title for the next request: one row per (user, title, taxpayer number), newest use first. */
async function saveTitle(db: DbOrTx, userId: number, v: InvoiceRequest) {
  const keepOld = (col: string) => sql.raw(`coalesce(excluded.${col}, "invoice_titles"."${col}")`);
  await db
    .insert(invoiceTitles)
    .values({
      userId,
      titleType: v.titleType,
      title: v.title,
      taxNo: v.taxNo ?? '',
      registeredAddress: v.registeredAddress,
      registeredPhone: v.registeredPhone,
      bankName: v.bankName,
      bankAccount: v.bankAccount,
    })
    .onConflictDoUpdate({
      target: [invoiceTitles.userId, invoiceTitles.title, invoiceTitles.taxNo],
      set: {
        titleType: v.titleType,
        registeredAddress: keepOld('registered_address'),
        registeredPhone: keepOld('registered_phone'),
        bankName: keepOld('bank_name'),
        bankAccount: keepOld('bank_account'),
        lastUsedAt: new Date(),
      },
    });
}

/**
 * POST /invoices. The order must be this user's (else 404) and paid, shipped or completed (else
 * 409 with the reason); one invoice per order (409), except that a rejected request may be sent
 * again with corrected details. The order row is share-locked, so a refund that starts meanwhile
 * either waits for this request (and then rejects it) or is seen by it. Returns the invoice's id (the
 * answer is the view's getInvoice).
 */
export async function requestInvoice(userId: number, input: unknown): Promise<number> {
  const v = invoiceRequestSchema.parse(input);
  const id = await withTx(async (tx) => {
    const o = await shareLockShopperOrder(tx, userId, v.orderNo);
    if (!o) throw notFound('订单不存在');
    const refusal = invoiceRefusal(o.status);
    if (refusal) throw conflict(refusal);

    const fields = {
      invoiceType: v.invoiceType,
      titleType: v.titleType,
      title: v.title,
      taxNo: v.taxNo,
      email: v.email,
      registeredAddress: v.registeredAddress,
      registeredPhone: v.registeredPhone,
      bankName: v.bankName,
      bankAccount: v.bankAccount,
      amountFen: o.totalFen - (await refundedFen(tx, o.id)), // what the shop keeps after any after-sales refunds
    };
    const [existing] = await tx.select({ id: invoices.id, status: invoices.status }).from(invoices).where(eq(invoices.orderId, o.id));
    let row: { id: number } | undefined;
    if (existing?.status === 'rejected') {
      [row] = await moveInvoice(tx, existing.id, 'rejected', 'pending', { ...fields, rejectReason: null, rejectedAt: null });
    } else if (!existing) {
      [row] = await tx
        .insert(invoices)
        .values({ ...fields, orderId: o.id, userId })
        .onConflictDoNothing({ target: invoices.orderId })
        .returning({ id: invoices.id });
    }
    if (!row) throw conflict('该订单已申请过发票，每个订单只能开具一张发票');
    await saveTitle(tx, userId, v);
    return row.id;
  });
  log.info({ invoiceId: id, userId }, 'invoice requested');
  return id;
}

/** DELETE /invoice-titles/{id}: forgets one saved title of this user (another user's id is 404). */
export async function deleteInvoiceTitle(userId: number, id: number): Promise<void> {
  const db = await getDb();
  const gone = await db
    .delete(invoiceTitles)
    .where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.userId, userId)))
    .returning({ id: invoiceTitles.id });
  if (!gone.length) throw notFound('常用抬头不存在或已删除');
}

/** GET /invoice-titles: the titles this user used before, most recent first. */
export async function listInvoiceTitles(userId: number): Promise<InvoiceTitle[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(invoiceTitles)
    .where(eq(invoiceTitles.userId, userId))
    .orderBy(desc(invoiceTitles.lastUsedAt), desc(invoiceTitles.id))
    .limit(INVOICE_TITLES_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    titleType: r.titleType,
    title: r.title,
    taxNo: r.taxNo || null,
    registeredAddress: r.registeredAddress,
    registeredPhone: r.registeredPhone,
    bankName: r.bankName,
    bankAccount: r.bankAccount,
  }));
}

/** GET /invoices/{id}/pdf: the issued PDF of this user's invoice; 404 for anyone else's and before it is issued. */
export async function invoicePdf(userId: number, id: number | string): Promise<{ bytes: Uint8Array; filename: string }> {
  const db = await getDb();
  const [inv] = await db.select().from(invoices).where(and(eq(invoices.id, invoiceId(id)), eq(invoices.userId, userId)));
  if (!inv) throw notFound('发票不存在');
  if (inv.status !== 'issued' || !inv.invoiceNo) throw notFound('发票尚未开具，暂无可下载的文件');
  const [file] = await db.select({ pdf: invoicePdfs.pdf }).from(invoicePdfs).where(eq(invoicePdfs.invoiceId, inv.id));
  if (!file) throw notFound('发票文件不存在');
  return { bytes: file.pdf, filename: `发票-${inv.invoiceNo}.pdf` };
}

// ------------------------------------------------------------------ the operator console

/** 20 digits: the year (2), the region (2), then 16 from the CSPRNG; the unique index settles any clash. */
function newInvoiceNo(at: Date): string {
  const yy = shopDay(at).slice(2, 4);
  let rest = '';
  while (rest.length < INVOICE_NO_LENGTH - 4) rest += String(randomInt(0, 100_000_000)).padStart(8, '0');
  return `${yy}${INVOICE_REGION_CODE}${rest.slice(0, INVOICE_NO_LENGTH - 4)}`;
}

/** The invoice's order is still paid, shipped or completed (inside the invoice's guarded UPDATE). */
const invoiceableOrder = orderIsIn(sql`"invoices"."order_id"`, INVOICEABLE_ORDER_STATUSES);

/** What an issued invoice shows of its request: the type, the order and the buyer's details. */
type ToIssue = InvoiceBuyer & { invoiceType: InvoiceType; orderNo: string };

/**
 * 开具 (console): pending → issued with one guarded UPDATE … WHERE status = 'pending' (and the order
 * still paid, shipped or completed), a new unique 20-digit number, and the PDF of `lines` stored beside
 * it in the same transaction, with its audit row (action invoice.issue) and the shopper's message.
 * False when the invoice was not pending or its order not invoiceable any more (the caller says why).
 */
export async function issueWithPdf(id: number, inv: ToIssue, lines: InvoicePdfLine[], userId: number, actorUserId?: number | null): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const issuedAt = new Date();
    const invoiceNo = newInvoiceNo(issuedAt);
    const pdf = await renderInvoicePdf({
      invoiceNo,
      issuedAt,
      invoiceType: inv.invoiceType,
      orderNo: inv.orderNo,
      buyer: inv,
      lines,
    });
    try {
      const won = await withTx(async (tx) => {
        const [u] = await moveInvoice(tx, and(eq(invoices.id, id), invoiceableOrder)!, 'pending', 'issued', { invoiceNo, issuedAt, updatedAt: issuedAt });
        if (!u) return false;
        await tx.insert(invoicePdfs).values({ invoiceId: id, pdf });
        await notify(tx, userId, 'invoice_issued', { orderNo: inv.orderNo, invoiceId: String(id) }, `${id}:${invoiceNo}`);
        await writeAudit(tx, { actorUserId: actorUserId ?? null, action: 'invoice.issue', entity: 'invoice', entityId: id, before: { status: 'pending' }, after: { status: 'issued', invoiceNo } });
        return true;
      });
      if (won) log.info({ invoiceId: id, invoiceNo, actorUserId }, 'invoice issued');
      return won;
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue; // the same number drawn twice: draw again
      throw err;
    }
  }
}

/** 驳回 (console): pending → rejected with the reason the shopper sees, audited as invoice.reject. False when it was not pending. */
export async function rejectPendingInvoice(id: number, why: string, actorUserId?: number | null): Promise<boolean> {
  return withTx(async (tx) => {
    const [u] = await moveInvoice(tx, id, 'pending', 'rejected', { rejectReason: why });
    if (!u) return false;
    await writeAudit(tx, { actorUserId: actorUserId ?? null, action: 'invoice.reject', entity: 'invoice', entityId: id, before: { status: 'pending' }, after: { status: 'rejected', rejectReason: why } });
    return true;
  });
}

/**
 * Called when an order goes to 退款中 or 已退款 (pass the transaction of that change if there is
 * one): an issued invoice is marked for 红冲 (reversal 'pending', the console's reversal queue); a
 * pending one is rejected with 「订单已退款」. Returns what happened, null when the order has no
 * invoice to act on. Safe to call more than once.
 */
export async function markInvoiceForReversal(db: DbOrTx, orderId: number): Promise<'reversal' | 'rejected' | null> {
  const now = new Date();
  const marked = await db
    .update(invoices)
    .set({ reversal: 'pending', updatedAt: now })
    .where(and(eq(invoices.orderId, orderId), eq(invoices.status, 'issued'), isNull(invoices.reversal)))
    .returning({ id: invoices.id });
  const rejected = await moveInvoice(db, eq(invoices.orderId, orderId), 'pending', 'rejected', { rejectReason: INVOICE_REFUND_REJECT_REASON, rejectedAt: now, updatedAt: now });
  for (const r of marked) {
    await writeAudit(db, { actorUserId: null, action: 'invoice.reversal', entity: 'invoice', entityId: r.id, before: { reversal: null }, after: { reversal: 'pending' } });
  }
  for (const r of rejected) {
    const after = { status: 'rejected', rejectReason: INVOICE_REFUND_REJECT_REASON };
    await writeAudit(db, { actorUserId: null, action: 'invoice.reject', entity: 'invoice', entityId: r.id, before: { status: 'pending' }, after });
  }
  if (marked.length || rejected.length) log.info({ orderId, marked: marked.length, rejected: rejected.length }, 'invoice refund');
  return marked.length ? 'reversal' : rejected.length ? 'rejected' : null;
}

/**
 * What the invoice is for: each line less the units refunded through after-sales (`back`, at the
 * amounts refunded), the shipping unless it was refunded (`shippingBackFen`), the discount. Adds up to
 * the order's total less its refunds, the invoice's amount.
 */
export function keptLines(order: { shippingFen: number }, items: OrderItemRow[], back: { id: number; qty: number; fen: number }[], shippingBackFen: number): InvoicePdfLine[] {
  // Each kept line at its full price, then one 折扣 line: what the kept lines were discounted by (their
  // paid amounts, less what went back, against their full price; docs/coupons.md#split).
  let discountFen = 0;
  const lines: InvoicePdfLine[] = items.flatMap((i) => {
    const b = back.find((x) => x.id === i.id);
    const quantity = i.quantity - (b?.qty ?? 0);
    const paidFen = i.paidFen - (b?.fen ?? 0);
    if (quantity <= 0 || paidFen <= 0) return [];
    const amountFen = i.priceFen * quantity;
    discountFen += amountFen - paidFen;
    return [{ name: i.productName, spec: i.skuName, unit: i.kind === 'service' ? '项' : '件', quantity, amountFen }];
  });
  const shipping = order.shippingFen - shippingBackFen;
  if (shipping > 0) lines.push({ name: '运费', spec: '', unit: '次', quantity: 1, amountFen: shipping });
  if (discountFen > 0) lines.push({ name: '折扣', spec: '', unit: '项', quantity: 1, amountFen: -discountFen });
  return lines;
}

/**
 * An after-sales refund of part of an order (`remainderFen` of its money stays with the shop): a
 * pending invoice is now for the remainder; an issued one is marked for 红冲, to be issued again for
 * the remainder once reversed (completeInvoiceReversal). The whole order refunded: as
 * markInvoiceForReversal. In the transaction of the refund.
 */
export async function followRefundOnInvoice(db: DbOrTx, orderId: number, remainderFen: number): Promise<'reversal' | 'rejected' | 'reduced' | null> {
  if (remainderFen <= 0) return markInvoiceForReversal(db, orderId);
  const reduced = await db
    .update(invoices)
    .set({ amountFen: remainderFen, updatedAt: new Date() })
    .where(and(eq(invoices.orderId, orderId), eq(invoices.status, 'pending')))
    .returning({ id: invoices.id, before: invoices.amountFen });
  for (const r of reduced) {
    await writeAudit(db, { actorUserId: null, action: 'invoice.amount', entity: 'invoice', entityId: r.id, before: null, after: { amountFen: remainderFen, reason: '部分退款' } });
  }
  if (reduced.length) return 'reduced';
  return markInvoiceForReversal(db, orderId);
}

/**
 * 红冲完成 (console): reversal 'pending' → 'done' once the red-letter invoice is out; audited as
 * invoice.reversal. When part of the order's money stays with the shop (a partial after-sales
 * refund), the invoice goes back to 待开票 for that remainder, to be issued anew; the reversed
 * number stays in the audit row. False when the invoice is not waiting for its 红冲.
 */
export async function completeReversal(id: number, actorUserId?: number | null): Promise<boolean> {
  return withTx(async (tx) => {
    const [inv] = await tx.select().from(invoices).where(and(eq(invoices.id, id), eq(invoices.reversal, 'pending'))).for('update');
    if (!inv) return false;
    const o = await orderTotal(tx, inv.orderId);
    const remainder = (INVOICEABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(o.status) ? o.totalFen - (await refundedFen(tx, inv.orderId)) : 0;
    const now = new Date();
    if (remainder > 0) {
      await moveInvoice(tx, id, 'issued', 'pending', { reversal: null, invoiceNo: null, issuedAt: null, amountFen: remainder, updatedAt: now });
      await tx.delete(invoicePdfs).where(eq(invoicePdfs.invoiceId, id));
    } else {
      await tx.update(invoices).set({ reversal: 'done', updatedAt: now }).where(eq(invoices.id, id));
    }
    await writeAudit(tx, {
      actorUserId: actorUserId ?? null,
      action: 'invoice.reversal',
      entity: 'invoice',
      entityId: id,
      before: { reversal: 'pending', invoiceNo: inv.invoiceNo, amountFen: inv.amountFen },
      after: remainder > 0 ? { reversal: 'done', reissue: { status: 'pending', amountFen: remainder } } : { reversal: 'done' },
    });
    await notify(tx, inv.userId, 'invoice_reversed', { orderNo: o.orderNo, invoiceId: String(id) }, `${id}:${inv.invoiceNo}`);
    return true;
  });
}
