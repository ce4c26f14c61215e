/**
 * 注销账号 (docs/privacy.md#deregistration): the shopper's 到货通知, 我的收藏 and 足迹 go with the account.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { browseHistory, favorites, stockNotices } from '../../db/schema';

export async function forgetUser(tx: Tx, userId: number): Promise<void> {
  await tx.delete(stockNotices).where(eq(stockNotices.userId, userId));
  await tx.delete(favorites).where(eq(favorites.userId, userId));
  await tx.delete(browseHistory).where(eq(browseHistory.userId, userId));
}
