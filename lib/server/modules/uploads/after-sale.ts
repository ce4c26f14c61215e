/**
 * An after-sales request's photos: the shopper's own uploads, free (no request's yet, and `unused`, a
 * condition the caller gives on the upload's id: no review's photo), taken for the request; and the
 * request's photos, oldest first.
 */
import 'server-only';
import { and, asc, eq, inArray, isNull, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { uploads } from '../../db/schema';

/** Takes the free ones among `ids` for the request; answers the ids taken. */
export async function takeForAfterSale(tx: Tx, userId: number, afterSaleId: number, ids: string[], unused: (uploadId: AnyColumn) => SQL): Promise<{ id: string }[]> {
  return tx
    .update(uploads)
    .set({ afterSaleId })
    .where(and(inArray(uploads.id, ids), eq(uploads.userId, userId), isNull(uploads.afterSaleId), unused(uploads.id)))
    .returning({ id: uploads.id });
}

/** The request's photos with their sizes, in the order they were uploaded. */
export async function afterSalePhotos(db: DbOrTx, afterSaleId: number): Promise<{ id: string; width: number | null; height: number | null }[]> {
  return db.select({ id: uploads.id, width: uploads.width, height: uploads.height }).from(uploads).where(eq(uploads.afterSaleId, afterSaleId)).orderBy(asc(uploads.createdAt));
}
