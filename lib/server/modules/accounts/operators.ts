/**
 * Who runs the shop: users with role `operator` (same login as shoppers). The first one is made
 * with `npm run admin:create -- --phone 13800000000` (scripts/admin-create.ts).
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { OPERATOR_ROLE } from '../../../domain/account-rules';
import { isValidMobile, normalizeMobile } from '../../../validation/phone';
import { withTx, type DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../errors';
import { findSessionUser } from './auth';
import { writeAudit } from '../audit';

/** True when the token is a live session of an operator (proxy.ts asks for every /admin page). */
export async function isOperatorToken(token: string | null | undefined): Promise<boolean> {
  const user = await findSessionUser(token);
  return user?.role === OPERATOR_ROLE;
}

export type MakeOperatorResult = { userId: number; phone: string; outcome: 'created' | 'promoted' | 'unchanged' };

/**
 * Makes the user with this mobile number an operator: creates the account when the number is new
 * (the operator then logs in with an SMS code like any shopper), promotes a shopper, leaves an
 * operator as is. Creation and promotion write an audit row with no actor (the command line).
 */
export async function makeOperator(db: DbOrTx, rawPhone: string): Promise<MakeOperatorResult> {
  if (!isValidMobile(rawPhone)) throw badRequest('手机号格式不正确（应为 11 位手机号） / invalid mobile number');
  const phone = normalizeMobile(rawPhone);
  return withTx(async (tx) => {
    const [old] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.phone, phone)).for('update');
    if (old?.role === OPERATOR_ROLE) return { userId: old.id, phone, outcome: 'unchanged' as const };
    let userId: number;
    if (old) {
      await tx.update(users).set({ role: OPERATOR_ROLE, updatedAt: new Date() }).where(eq(users.id, old.id));
      userId = old.id;
    } else {
      const [row] = await tx
        .insert(users)
        .values({ phone, role: OPERATOR_ROLE })
        .onConflictDoUpdate({ target: users.phone, set: { role: OPERATOR_ROLE, updatedAt: sql`now()` } })
        .returning({ id: users.id });
      userId = row.id;
    }
    await writeAudit(tx, {
      actorUserId: null,
      action: 'user.operator',
      entity: 'user',
      entityId: userId,
      before: old ? { role: old.role } : null,
      after: { role: OPERATOR_ROLE },
    });
    return { userId, phone, outcome: old ? ('promoted' as const) : ('created' as const) };
  }, db);
}
