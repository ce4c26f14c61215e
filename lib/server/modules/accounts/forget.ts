/**
 * 注销账号 (docs/privacy.md#deregistration), the account's part: the row stays (orders and invoices point
 * at it) with its personal data erased, every session ends and the address book goes.
 */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { deregisteredPhone } from '../../../domain/privacy';
import type { Tx } from '../../db/client';
import { addresses, sessions, users } from '../../db/schema';

/**
 * Locks the account's row for the erasing transaction (FOR UPDATE), so an order placed meanwhile waits
 * or is seen by the checks that follow. False when the account is already gone.
 */
export async function lockOpenAccount(tx: Tx, userId: number): Promise<boolean> {
  const [held] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).for('update');
  return Boolean(held);
}

/** Erases the account; answers when (the audit line records it). */
export async function forgetUser(tx: Tx, userId: number): Promise<Date> {
  const now = new Date();
  await tx
    .update(users)
    .set({
      // Unique and never a phone number: the number is free to register as a new account.
      phone: deregisteredPhone(userId),
      nickname: null,
      email: null,
      passwordHash: null,
      failedLogins: 0,
      lockedUntil: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await tx.delete(addresses).where(eq(addresses.userId, userId));
  return now;
}
