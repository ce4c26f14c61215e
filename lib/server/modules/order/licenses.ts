/**
 * Activation codes of service orders: the shopper activates one (its term of LICENSE_TERM_DAYS starts,
 * and the order can no longer be refunded); a refund revokes unused ones (after-sales/flow.ts).
 */
import 'server-only';
import { lockOrder } from './states';
import { DAY_MS } from '../../../domain/shop-time';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { LICENSE_STATE_LABEL, LICENSE_TERM_DAYS, licenseState, type LicenseState } from '../../../domain/license-state';
import { serviceCodeListSchema } from '../../../validation/order';
import { getDb, withTx } from '../../db/client';
import { countRows, paged, type Page } from '../../db/paged';
import { licenses, orderItems, orders } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { iso } from '../../iso';

const CODE = /^[2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){3}$/;

export async function activateLicense(userId: number, code: string): Promise<{ code: string; activatedAt: string; validUntil: string }> {
  const c = code.trim().toUpperCase();
  if (!CODE.test(c)) throw notFound('激活码不存在');
  const db = await getDb();
  const [row] = await db.select().from(licenses).where(and(eq(licenses.code, c), eq(licenses.userId, userId)));
  if (!row) throw notFound('激活码不存在');
  const now = new Date();
  const done = await withTx(async (tx) => {
    // The order row locked first, as an after-sales refund of codes locks it: otherwise a code activated
    // between the refund's check (「没有激活码被激活」) and its revoking the codes was refunded beside an
    // activated code, or revoked though activated.
    await lockOrder(tx, row.orderId);
    const [d] = await tx
      .update(licenses)
      .set({ activatedAt: now, validUntil: new Date(now.getTime() + LICENSE_TERM_DAYS * DAY_MS) })
      .where(and(eq(licenses.id, row.id), isNull(licenses.activatedAt), isNull(licenses.revokedAt)))
      .returning();
    return d;
  });
  if (done) return { code: c, activatedAt: iso(now), validUntil: iso(done.validUntil!) };
  const [fresh] = await db.select().from(licenses).where(eq(licenses.id, row.id));
  throw conflict(fresh.revokedAt ? '该激活码已随退款作废' : '该激活码已激活');
}

/** One code of 我的服务: what it is for, which order it came with, and its state. */
export type ServiceCode = {
  code: string;
  productName: string;
  skuName: string;
  orderNo: string;
  /** False once the shopper deleted the order (删除订单): the code stays theirs, the order is no longer shown. */
  orderShown: boolean;
  createdAt: string;
  state: LicenseState;
  stateLabel: string;
  activatedAt: string | null;
  validUntil: string | null;
};

/** 我的服务: the shopper's activation codes, newest first, one page. Only their own (user_id). */
export async function listServiceCodes(userId: number, query: unknown): Promise<Page<ServiceCode>> {
  const q = serviceCodeListSchema.parse(query);
  const db = await getDb();
  const where = eq(licenses.userId, userId);
  const count = db.select({ total: countRows }).from(licenses).where(where);
  const rows = db
    .select({
      code: licenses.code,
      productName: orderItems.productName,
      skuName: orderItems.skuName,
      orderNo: orders.orderNo,
      hiddenAt: orders.hiddenAt,
      createdAt: licenses.createdAt,
      activatedAt: licenses.activatedAt,
      validUntil: licenses.validUntil,
      revokedAt: licenses.revokedAt,
    })
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .innerJoin(orders, eq(orders.id, licenses.orderId))
    .where(where)
    .orderBy(desc(licenses.createdAt), asc(licenses.id))
    .$dynamic();
  return paged(q, count, rows, (page) =>
    page.map((r) => {
      const state = licenseState({ activatedAt: r.activatedAt, revoked: Boolean(r.revokedAt) });
      return {
        code: r.code,
        productName: r.productName,
        skuName: r.skuName,
        orderNo: r.orderNo,
        orderShown: !r.hiddenAt,
        createdAt: iso(r.createdAt),
        state,
        stateLabel: LICENSE_STATE_LABEL[state],
        activatedAt: iso(r.activatedAt),
        validUntil: iso(r.validUntil),
      };
    }),
  );
}
