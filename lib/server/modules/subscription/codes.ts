/**
 * Activation codes, the seats of a subscription: activating one (the subscription's term starts with its
 * first code, every later seat ends on the same day), whether an order's code was activated, and taking
 * refunded codes back. The caller holds the order's lock where a refund can race (flows/activate-code.ts).
 */
import 'server-only';
import { LICENSE_CODE } from '../../../domain/license-state';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { DAY_MS } from '../../../domain/shop-time';
import { TERM_DAYS } from '../../../domain/subscription';
import type { DbOrTx, Tx } from '../../db/client';
import { licenses, subscriptionEvents, subscriptions } from '../../db/schema';

/** The shopper's own code (null for a malformed code or another shopper's). */
export async function findOwnCode(db: DbOrTx, userId: number, code: string): Promise<{ id: number; orderId: number; code: string } | null> {
  const c = code.trim().toUpperCase();
  if (!LICENSE_CODE.test(c)) return null;
  const [row] = await db.select({ id: licenses.id, orderId: licenses.orderId, code: licenses.code }).from(licenses).where(and(eq(licenses.code, c), eq(licenses.userId, userId)));
  return row ?? null;
}

export type Activated = { code: string; activatedAt: Date; validUntil: Date };

/**
 * Activates an unused, unrevoked code; its subscription's term starts now if it had not started. Null
 * when the code was activated or revoked already (`codeState` says which).
 */
export async function activateCodeTx(tx: Tx, licenseId: number, now: Date): Promise<Activated | null> {
  const [l] = await tx
    .update(licenses)
    .set({ activatedAt: now })
    .where(and(eq(licenses.id, licenseId), isNull(licenses.activatedAt), isNull(licenses.revokedAt)))
    .returning({ code: licenses.code, subscriptionId: licenses.subscriptionId });
  if (!l) return null;
  const [started] = await tx
    .update(subscriptions)
    .set({ startsAt: now, endsAt: new Date(now.getTime() + TERM_DAYS * DAY_MS), updatedAt: now })
    .where(and(eq(subscriptions.id, l.subscriptionId), isNull(subscriptions.startsAt)))
    .returning({ endsAt: subscriptions.endsAt });
  if (started) {
    await tx.insert(subscriptionEvents).values({ subscriptionId: l.subscriptionId, kind: 'activated', toEndsAt: started.endsAt });
    return { code: l.code, activatedAt: now, validUntil: started.endsAt! };
  }
  const [s] = await tx.select({ endsAt: subscriptions.endsAt }).from(subscriptions).where(eq(subscriptions.id, l.subscriptionId));
  return { code: l.code, activatedAt: now, validUntil: s.endsAt! };
}

/** Why a code did not activate. */
export async function codeState(db: DbOrTx, licenseId: number): Promise<'revoked' | 'activated'> {
  const [l] = await db.select({ revokedAt: licenses.revokedAt }).from(licenses).where(eq(licenses.id, licenseId));
  return l.revokedAt ? 'revoked' : 'activated';
}

/** Whether a code of the order was activated (an activated code keeps the order's money: docs/after-sales.md#rules). */
export async function anyLicenseActivated(db: DbOrTx, orderId: number): Promise<boolean> {
  const [act] = await db.select({ n: sql<number>`count(*)::int` }).from(licenses).where(and(eq(licenses.orderId, orderId), isNotNull(licenses.activatedAt)));
  return act.n > 0;
}

/**
 * Activation codes refunded are taken back: `quantity` unused codes of the line, oldest first; a
 * subscription left with no live seat is 已退款, one left with fewer has fewer seats. Answers how many were
 * taken (fewer when one was activated meanwhile).
 */
export async function revokeUnusedCodes(tx: Tx, orderItemId: number, quantity: number): Promise<number> {
  const now = new Date();
  const revoked = await tx
    .update(licenses)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(
          licenses.id,
          tx
            .select({ id: licenses.id })
            .from(licenses)
            .where(and(eq(licenses.orderItemId, orderItemId), isNull(licenses.revokedAt), isNull(licenses.activatedAt)))
            .orderBy(asc(licenses.id))
            .limit(quantity),
        ),
        // Checked again on the row itself: PostgreSQL re-reads a row changed meanwhile against these,
        // not against the subquery, which would revoke a code activated since it looked.
        isNull(licenses.revokedAt),
        isNull(licenses.activatedAt),
      ),
    )
    .returning({ id: licenses.id, subscriptionId: licenses.subscriptionId });
  for (const subscriptionId of [...new Set(revoked.map((r) => r.subscriptionId))].sort((a, b) => a - b)) {
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(licenses)
      .where(and(eq(licenses.subscriptionId, subscriptionId), isNull(licenses.revokedAt)));
    const gone = left.n === 0;
    await tx
      .update(subscriptions)
      .set(gone ? { refundedAt: now, updatedAt: now } : { seats: left.n, updatedAt: now })
      .where(eq(subscriptions.id, subscriptionId));
    await tx.insert(subscriptionEvents).values({ subscriptionId, kind: 'refunded', seats: gone ? 0 : left.n });
  }
  return revoked.length;
}
