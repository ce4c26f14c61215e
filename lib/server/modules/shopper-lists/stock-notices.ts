/**
 * 到货通知 (docs/states.md#stock-notices): a shopper asks for an SMS when a sold-out option is back.
 * One waiting notice per shopper and option (a partial unique index); every place that returns
 * stock calls skusRestocked after its commit, and one guarded UPDATE … WHERE notified_at IS NULL
 * RETURNING decides who is told, so each notice is sent once however many instances restock at once.
 * The options' stock and names are the catalog's (skuCards); the list of waiting notices is a view
 * (lib/server/views/stock-notices.ts).
 */
import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { getDb, withTx } from '../../db/client';
import { stockNotices } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { log } from '../../log';
import { skuCards } from '../catalog';
import { notify } from '../messages';

/**
 * PUT /stock-notices/{skuId}: waits for a sold-out option on sale. Asking twice keeps the one notice;
 * an option in stock is 409 (it can be bought now).
 */
export async function subscribeStockNotice(userId: number, skuId: number): Promise<void> {
  const db = await getDb();
  const sku = (await skuCards(db, [skuId])).get(skuId);
  if (!sku || !sku.onSale) throw notFound('商品不存在或已下架');
  // Inserted only while the option is sold out; one already waiting stays the one.
  if (sku.stock === 0) await db.insert(stockNotices).values({ userId, skuId }).onConflictDoNothing();
  const [waiting] = await db
    .select({ id: stockNotices.id })
    .from(stockNotices)
    .where(and(eq(stockNotices.userId, userId), eq(stockNotices.skuId, skuId), isNull(stockNotices.notifiedAt)));
  if (!waiting && sku.stock > 0) throw conflict('该规格有货，可直接购买');
  // Stock may have come back between the check and the insert; the restock's notice round then missed this one.
  await skusRestocked([skuId]);
}

/** DELETE /stock-notices/{skuId}: the shopper's own waiting notice for the option is withdrawn. */
export async function cancelStockNotice(userId: number, skuId: number): Promise<void> {
  const db = await getDb();
  await db.delete(stockNotices).where(and(eq(stockNotices.userId, userId), eq(stockNotices.skuId, skuId), isNull(stockNotices.notifiedAt)));
}

/**
 * After a commit that added stock to these options: the waiting notices of those now in stock are
 * marked sent and each shopper is told (a 消息中心 message and an SMS, docs/messages.md), in one
 * transaction, so a notice marked sent is never a notice untold. A failure is logged; it never undoes the stock.
 */
export async function skusRestocked(skuIds: Iterable<number>): Promise<number> {
  const ids = [...new Set(skuIds)];
  if (ids.length === 0) return 0;
  try {
    const sent = await withTx(async (tx) => {
      const cards = await skuCards(tx, ids);
      const back = [...cards.values()].filter((c) => c.stock > 0).map((c) => c.skuId);
      if (back.length === 0) return 0;
      const due = await tx
        .update(stockNotices)
        .set({ notifiedAt: new Date() })
        .where(and(isNull(stockNotices.notifiedAt), inArray(stockNotices.skuId, back)))
        .returning({ id: stockNotices.id, userId: stockNotices.userId, skuId: stockNotices.skuId });
      for (const r of due) {
        const sku = cards.get(r.skuId)!;
        await notify(tx, r.userId, 'stock_back', { product: `${sku.productName} ${sku.skuName}`, productId: String(sku.productId) }, r.id);
      }
      return due.length;
    });
    if (sent) log.info({ skuIds: ids, notices: sent }, 'stock notices sent');
    return sent;
  } catch (err) {
    log.warn({ skuIds: ids, err: String(err) }, 'stock notices not sent');
    return 0;
  }
}
