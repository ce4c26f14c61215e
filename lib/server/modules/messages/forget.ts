/**
 * 注销账号 (docs/privacy.md#deregistration): the shopper's messages and 消息设置 go with the account
 * (docs/messages.md#retention); notices still in the outbox find no shopper and say nothing.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { messageSettings, messages } from '../../db/schema';

export async function forgetUser(tx: Tx, userId: number): Promise<void> {
  await tx.delete(messages).where(eq(messages.userId, userId));
  await tx.delete(messageSettings).where(eq(messageSettings.userId, userId));
}
