/**
 * Activation codes of service orders: the shopper activates one (its term of LICENSE_TERM_DAYS starts,
 * and the order can no longer be refunded); a refund revokes unused ones (after-sales/flow.ts).
 */
import 'server-only';
import { DAY_MS } from '../../shop-time';
import { and, eq, isNull } from 'drizzle-orm';
import { LICENSE_TERM_DAYS } from '../../constants';
import { getDb, withTx } from '../db/client';
import { licenses, orders } from '../db/schema';
import { conflict, notFound } from '../errors';
import { iso } from '../iso';

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
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, row.orderId)).for('update');
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
