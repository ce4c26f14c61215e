/** 注销账号 (docs/privacy.md#deregistration): the shopper's code tries go; coupons and claims stay with the orders that used them. */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { couponCodeTries } from '../../db/schema';

export async function forgetUser(tx: Tx, userId: number): Promise<void> {
  await tx.delete(couponCodeTries).where(eq(couponCodeTries.userId, userId));
}
