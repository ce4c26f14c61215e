/** 注销账号 (docs/privacy.md#deregistration): the shopper's cart goes, its lines with it (they cascade). */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { carts } from '../../db/schema';

export async function forgetUser(tx: Tx, userId: number): Promise<void> {
  await tx.delete(carts).where(eq(carts.userId, userId));
}
