/** Whether an operator sent this photo in one of the shopper's own 在线客服 conversations: the shopper may see it (lib/server/flows/read-upload.ts). */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { supportConversations, supportMessages } from '../../db/schema';

export async function photoSentToShopper(db: DbOrTx, uploadId: string, userId: number): Promise<boolean> {
  const [hit] = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(and(eq(supportConversations.userId, userId), eq(supportMessages.author, 'shop'), sql`${supportMessages.imageIds} @> ${JSON.stringify([uploadId])}::jsonb`))
    .limit(1);
  return Boolean(hit);
}
