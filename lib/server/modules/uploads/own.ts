/** Which of some uploads are this person's own (a 在线客服 line's photos: the shopper's or the operator's). */
import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';

/** The ids among `ids` this user uploaded. */
export async function ownUploadIds(db: DbOrTx, userId: number, ids: string[]): Promise<{ id: string }[]> {
  return db.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.userId, userId), inArray(uploads.id, ids)));
}
