/**
 * The phone of an account still open, for what is sent to it (消息中心 SMS, the 注销账号 code). A
 * deregistered account has no phone any more (docs/privacy.md#deregistration): null.
 */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export async function activePhone(db: DbOrTx, userId: number): Promise<string | null> {
  const [u] = await db.select({ phone: users.phone }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return u?.phone ?? null;
}
