/**
 * Taking a shopper's photos for a review, a request or a message: their own uploads not taken by an
 * after-sales request, locked, so another taker of the same photo waits and then sees it used. What
 * else uses a photo is the taker's to say (`unused`, a condition on the upload's id in its own tables).
 */
import 'server-only';
import { and, eq, inArray, isNull, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { uploads } from '../../db/schema';

/** The ids among `ids` that are this shopper's, free of after-sales and `unused`, locked for the transaction. */
export async function lockFreeUploads(tx: Tx, userId: number, ids: string[], unused: (uploadId: AnyColumn) => SQL): Promise<{ id: string }[]> {
  return tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.userId, userId), isNull(uploads.afterSaleId), unused(uploads.id)))
    .for('update');
}
