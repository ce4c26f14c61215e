/**
 * 到货通知 (docs/states.md#stock-notices): a shopper asks for an SMS when a sold-out option is back.
 * One waiting notice per shopper and option (a partial unique index); every place that returns
 * stock calls skusRestocked after its commit, and one guarded UPDATE … WHERE notified_at IS NULL
 * RETURNING decides who is told, so each notice is sent once however many instances restock at once.
 */
import 'server-only';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { getDb, withTx } from '../../db/client';
import { products, skus, stockNotices } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { iso } from '../../iso';
import { log } from '../../log';
import { notify } from '../messages';

export type StockNotice = { skuId: number; productId: number; productName: string; skuName: string; createdAt: string };

/** The shopper's waiting notices, newest first (the product page marks its options with them). */
export async function listStockNotices(userId: number): Promise<StockNotice[]> {
  const db = await getDb();
  const rows = await db
    .select({ skuId: skus.id, productId: products.id, productName: products.name, skuName: skus.name, createdAt: stockNotices.createdAt })
    .from(stockNotices)
    .innerJoin(skus, eq(skus.id, stockNotices.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(stockNotices.userId, userId), isNull(stockNotices.notifiedAt)))
    .orderBy(desc(stockNotices.id));
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

/**
 * PUT /stock-notices/{skuId}: waits for a sold-out option on sale. Asking twice keeps the one notice;
 * an option in stock is 409 (it can be bought now).
 */
export async function subscribeStockNotice(userId: number, skuId: number): Promise<StockNotice[]> {
  const db = await getDb();
  const [sku] = await db
    .select({ stock: skus.stock })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.id, skuId), eq(skus.onSale, true), eq(products.onSale, true)));
  if (!sku) throw notFound('商品不存在或已下架');
  // Inserted only while the option is sold out, in the same statement that checks it.
  await db.execute(sql`
    insert into stock_notices (user_id, sku_id)
    select ${userId}::int, id from skus where id = ${skuId} and stock = 0
    on conflict do nothing`);
  const [waiting] = await db
    .select({ id: stockNotices.id })
    .from(stockNotices)
    .where(and(eq(stockNotices.userId, userId), eq(stockNotices.skuId, skuId), isNull(stockNotices.notifiedAt)));
  if (!waiting && sku.stock > 0) throw conflict('该规格有货，可直接购买');
  // Stock may have come back between the check and the insert; the restock's notice round then missed this one.
  await skusRestocked([skuId]);
  return listStockNotices(userId);
}

/** DELETE /stock-notices/{skuId}: the shopper's own waiting notice for the option is withdrawn. */
export async function cancelStockNotice(userId: number, skuId: number): Promise<StockNotice[]> {
  const db = await getDb();
  await db.delete(stockNotices).where(and(eq(stockNotices.userId, userId), eq(stockNotices.skuId, skuId), isNull(stockNotices.notifiedAt)));
  return listStockNotices(userId);
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
      const due = await tx
        .update(stockNotices)
        .set({ notifiedAt: new Date() })
        .from(skus)
        .innerJoin(products, eq(products.id, skus.productId))
        .where(and(eq(stockNotices.skuId, skus.id), isNull(stockNotices.notifiedAt), gt(skus.stock, 0), inArray(stockNotices.skuId, ids)))
        .returning({ id: stockNotices.id, userId: stockNotices.userId, productId: products.id, productName: products.name, skuName: skus.name });
      for (const r of due) await notify(tx, r.userId, 'stock_back', { product: `${r.productName} ${r.skuName}`, productId: String(r.productId) }, r.id);
      return due.length;
    });
    if (sent) log.info({ skuIds: ids, notices: sent }, 'stock notices sent');
    return sent;
  } catch (err) {
    log.warn({ skuIds: ids, err: String(err) }, 'stock notices not sent');
    return 0;
  }
}

