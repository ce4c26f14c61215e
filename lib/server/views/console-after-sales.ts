/**
 * The console's 售后: the queue with filters and counts, one request with its buyer, refunds, photos and audit trail.
 *
 * 售后 in the operator console (docs/after-sales.md#console): the queue with filters and counts, and one
 * request with the buyer, its refunds, the photos, what may be done next and the audit trail. A view:
 * the requests with the accounts' buyers, the orders' numbers and the refunds.
 */
import 'server-only';
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { AfterSaleStatus } from '../../domain/after-sale';
import { REFUND_KIND_LABEL, type RefundKind } from '../../domain/payment-channels';
import { REFUND_STATUS_LABEL, type RefundStatus } from '../../domain/refund-status';
import { adminAfterSaleQuerySchema } from '../../validation/after-sale';
import { getDb, type DbOrTx } from '../db/client';
import { countRows, paged } from '../db/paged';
import { afterSales, orders, refunds, users } from '../db/schema';
import { iso } from '../iso';
import {
  type AdminAfterSaleList,
  type AfterSale,
  afterSaleCounts,
  compensableFen,
  findAfterSaleRow,
  RETURN_SHIPPING_DECIDABLE,
  returnShippingFailed,
} from '../modules/after-sales';
import { listAudit, type AuditRow } from './audit-log';
import { summarise, viewAfterSale } from './after-sale';

export type AdminAfterSale = AfterSale & {
  buyer: { id: number; phone: string; nickname: string | null };
  /** The request's refunds, newest first: a failed one (the provider refused) is sent again by 重新退款. */
  refunds: { refundNo: string; kind: RefundKind; kindLabel: string; amountFen: number; status: RefundStatus; statusLabel: string; createdAt: string; refundedAt: string | null }[];
  operations: { approve: boolean; reject: boolean; receive: boolean; reship: boolean; retryRefund: boolean; returnShipping: boolean; retryReturnShipping: boolean };
  /** While 运费补偿 may be decided: the most that may be approved (the stated amount, or less when the payment has less left to give). */
  returnShippingMaxFen: number | null;
  audit: AuditRow[];
};

const refundsOf = (db: DbOrTx, afterSaleId: number) => db.select().from(refunds).where(eq(refunds.afterSaleId, afterSaleId)).orderBy(desc(refunds.id));

export async function getAdminAfterSale(afterSaleNo: string): Promise<AdminAfterSale> {
  const db = await getDb();
  const a = await findAfterSaleRow(db, afterSaleNo);
  const [[buyer], view, audit, refundRows, shippingFailed] = await Promise.all([
    db.select({ id: users.id, phone: users.phone, nickname: users.nickname }).from(users).where(eq(users.id, a.userId)),
    viewAfterSale(db, a),
    listAudit({ entity: 'after_sale', entityId: afterSaleNo, pageSize: 50 }),
    refundsOf(db, a.id),
    returnShippingFailed(db, a),
  ]);
  const goodsRefunds = refundRows.filter((r) => r.kind === 'goods');
  const decidable = a.returnShippingFen !== null && a.returnShippingPaidFen === null && (RETURN_SHIPPING_DECIDABLE as readonly AfterSaleStatus[]).includes(a.status);
  let maxFen: number | null = null;
  if (decidable) {
    const [o] = await db.select().from(orders).where(eq(orders.id, a.orderId));
    maxFen = Math.min(a.returnShippingFen!, await compensableFen(db, o));
  }
  return {
    ...view,
    buyer,
    refunds: refundRows.map((r) => ({
      refundNo: r.refundNo,
      kind: r.kind,
      kindLabel: REFUND_KIND_LABEL[r.kind],
      amountFen: r.amountFen,
      status: r.status,
      statusLabel: REFUND_STATUS_LABEL[r.status],
      createdAt: iso(r.createdAt)!,
      refundedAt: iso(r.refundedAt),
    })),
    operations: {
      approve: a.status === 'pending_review',
      reject: a.status === 'pending_review',
      receive: a.status === 'returning',
      reship: a.status === 'received' && a.type === 'exchange',
      retryRefund: a.status === 'refunding' && goodsRefunds[0]?.status === 'failed',
      returnShipping: decidable,
      retryReturnShipping: shippingFailed,
    },
    returnShippingMaxFen: maxFen,
    audit: audit.items,
  };
}

export async function listAdminAfterSales(query: unknown): Promise<AdminAfterSaleList> {
  const q = adminAfterSaleQuerySchema.parse(query);
  const db = await getDb();
  const text = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    q.status ? eq(afterSales.status, q.status) : undefined,
    q.type ? eq(afterSales.type, q.type) : undefined,
    text ? or(ilike(afterSales.afterSaleNo, text), ilike(orders.orderNo, text), ilike(users.phone, text)) : undefined,
  );
  const count = db.select({ total: countRows }).from(afterSales).innerJoin(orders, eq(orders.id, afterSales.orderId)).innerJoin(users, eq(users.id, afterSales.userId)).where(where);
  const rows = db
    .select({ a: afterSales, orderNo: orders.orderNo, phone: users.phone })
    .from(afterSales)
    .innerJoin(orders, eq(orders.id, afterSales.orderId))
    .innerJoin(users, eq(users.id, afterSales.userId))
    .where(where)
    .orderBy(desc(afterSales.createdAt), desc(afterSales.id))
    .$dynamic();
  const [page, byStatus] = await Promise.all([
    paged(q, count, rows, async (r) => {
      const s = await summarise(
        db,
        r.map((x) => ({ ...x.a, orderNo: x.orderNo })),
      );
      return s.map((x, i) => ({ ...x, buyerPhone: r[i].phone }));
    }),
    afterSaleCounts(db),
  ]);
  return { ...page, counts: byStatus };
}

