/**
 * 商品 in the operator console: every product (on sale or not) with its SKUs; edits of name,
 * subtitle, description, images and on/off sale; SKU price, list price and stock. A write names
 * the version (updated_at) its form loaded and is a guarded update on it, so it never overwrites a
 * change made meanwhile (another operator, or an order taking stock); then the cache tags of the
 * product and of the lists revalidate, so the shop shows the change on the next request.
 */
import 'server-only';
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '../../../domain/catalog-rules';
import type { ProductKind } from '../../../domain/product-kind';
import { adminProductQuerySchema, productUpdateSchema, skuUpdateSchema } from '../../../validation/admin';
import { productsAndListsChanged } from '../../cache/cache-revalidate';
import { forgetProductIds } from './product-ids';
import { getDb, withTx, type DbOrTx, type Tx } from '../../db/client';
import { countRows, paged, type Page } from '../../db/paged';
import { categories, products, skuPriceHistory, skus, type ProductImage } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { log } from '../../log';
import { emit } from '../../outbox/emit';
import { writeAudit } from '../audit';
import { onSalePrice } from './product-now';
import { productWords } from '../../words/product-words';

/**
 * An operator changed what lists show too (name, images, price, on/off sale): the product pages
 * and every cached list render fresh, and the ids proxy.ts remembers are read again.
 */
function catalogChanged(productIds: Iterable<number>): void {
  forgetProductIds();
  productsAndListsChanged(productIds);
}

/** updated_at in microseconds since 1970, as text: exact in SQL, no rounding through JS dates. */
const versionOf = (col: typeof products.updatedAt | typeof skus.updatedAt) =>
  sql<string>`((extract(epoch from ${col}) * 1000000)::bigint)::text`;
const sameVersion = (col: typeof products.updatedAt | typeof skus.updatedAt, v: string): SQL => sql`${versionOf(col)} = ${v}`;

export type AdminSku = {
  id: number;
  code: string;
  name: string;
  priceFen: number;
  listPriceFen: number;
  stock: number;
  onSale: boolean;
  version: string;
};

export type AdminProduct = {
  id: number;
  name: string;
  subtitle: string;
  kind: ProductKind;
  category: string;
  description: string;
  images: ProductImage[];
  onSale: boolean;
  /** 价保's window in days from payment; 0 = none (docs/rules.md#价保). */
  priceProtectDays: number;
  version: string;
  skus: AdminSku[];
};

const productColumns = {
  id: products.id,
  name: products.name,
  subtitle: products.subtitle,
  kind: products.kind,
  category: categories.name,
  description: products.description,
  images: products.images,
  onSale: products.onSale,
  priceProtectDays: products.priceProtectDays,
  version: versionOf(products.updatedAt),
};

const skuColumns = {
  id: skus.id,
  productId: skus.productId,
  code: skus.code,
  name: skus.name,
  priceFen: skus.priceFen,
  listPriceFen: skus.listPriceFen,
  stock: skus.stock,
  onSale: skus.onSale,
  version: versionOf(skus.updatedAt),
};

type ProductRow = Omit<AdminProduct, 'skus'>;

/**
 * 库存不足: an on-sale SKU of an on-sale device at or under LOW_STOCK_THRESHOLD (a service has no
 * stock to run out of). The 概览 counts these and the 商品 list's ?stock=low lists them.
 */
export const lowStockSku: SQL = and(eq(products.onSale, true), eq(skus.onSale, true), eq(products.kind, 'device'), lte(skus.stock, LOW_STOCK_THRESHOLD))!;

async function withSkus(db: DbOrTx, rows: ProductRow[], only?: SQL): Promise<AdminProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const all = await db
    .select(skuColumns)
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(inArray(skus.productId, ids), only))
    .orderBy(asc(skus.sort), asc(skus.id));
  return rows.map((r) => ({
    ...r,
    skus: all.filter((s) => s.productId === r.id).map(({ productId: _p, ...s }) => s),
  }));
}

/**
 * Every product, on sale or not, in the shop's order, with its SKUs; paged. With ?stock=low only the
 * products with a 库存不足 SKU, each with only those SKUs.
 */
export async function listAdminProducts(query: unknown): Promise<Page<AdminProduct>> {
  const q = adminProductQuerySchema.parse(query);
  const db = await getDb();
  const only = q.stock === 'low' ? lowStockSku : undefined;
  const where = only ? inArray(products.id, db.select({ id: skus.productId }).from(skus).innerJoin(products, eq(products.id, skus.productId)).where(only)) : undefined;
  const count = db.select({ total: countRows }).from(products).where(where);
  const rows = db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(asc(categories.sort), asc(products.sort), asc(products.id))
    .$dynamic();
  return paged(q, count, rows, (page) => withSkus(db, page, only));
}

export async function getAdminProduct(id: number): Promise<AdminProduct> {
  const db = await getDb();
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (rows.length === 0) throw notFound('商品不存在');
  return (await withSkus(db, rows))[0];
}

type Diff = { before: Record<string, unknown>; after: Record<string, unknown> };

/** The fields that change, with their old and new values (the audit row keeps only those). */
function diff<T extends Record<string, unknown>>(old: T, next: Partial<T>): Diff {
  const out: Diff = { before: {}, after: {} };
  for (const k of Object.keys(next)) {
    if (JSON.stringify(old[k]) !== JSON.stringify(next[k])) {
      out.before[k] = old[k];
      out.after[k] = next[k];
    }
  }
  return out;
}

/** Name, subtitle, description, images, on/off sale and 价保 days of one product. */
export async function updateProduct(actorUserId: number, id: number, input: unknown): Promise<AdminProduct> {
  const { version, ...v } = productUpdateSchema.parse(input);
  const changed = await withTx(async (tx) => {
    const [old] = await tx
      .select({
        name: products.name,
        subtitle: products.subtitle,
        description: products.description,
        images: products.images,
        onSale: products.onSale,
        priceProtectDays: products.priceProtectDays,
        specs: products.specs,
      })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!old) throw notFound('商品不存在');
    const won = await tx
      .update(products)
      // The search words are cut again from the text as it will be (docs/rules.md#search).
      .set({ ...v, ...productWords({ name: v.name, subtitle: v.subtitle ?? old.subtitle, specs: old.specs }), updatedAt: new Date() })
      .where(and(eq(products.id, id), sameVersion(products.updatedAt, version)))
      .returning({ id: products.id });
    if (won.length === 0) throw conflict('商品已被他人修改，请刷新页面后再改');
    const d = diff(old, v);
    await writeAudit(tx, { actorUserId, action: 'product.update', entity: 'product', entityId: id, ...d });
    return d;
  });
  catalogChanged([id]);
  log.info({ productId: id, actorUserId, fields: Object.keys(changed.after) }, 'product updated');
  return getAdminProduct(id);
}

/** A product's lowest price on sale fell (docs/messages.md#events): the product, its name, the price now. */
export type PriceDrop = { productId: number; name: string; priceFen: number };

/** The product's price now, when an option's price was lowered and the product is still on sale. */
async function priceDropOf(tx: Tx, productId: number): Promise<PriceDrop | null> {
  const now = await onSalePrice(tx, productId);
  if (now === null) return null;
  const [p] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return { productId, name: p.name, priceFen: now };
}

/**
 * Price, list price (≥ price) and stock (≥ 0) of one SKU. A lowered price is handed to `priceDropped`
 * in the same transaction: who hears of it is other modules' to say (the update-sku flow).
 */
export async function updateSku(actorUserId: number, skuId: number, input: unknown, priceDropped: (tx: Tx, drop: PriceDrop) => Promise<void>): Promise<AdminProduct> {
  const { version, ...v } = skuUpdateSchema.parse(input);
  const productId = await withTx(async (tx) => {
    const [old] = await tx
      .select({ productId: skus.productId, priceFen: skus.priceFen, listPriceFen: skus.listPriceFen, stock: skus.stock })
      .from(skus)
      .where(eq(skus.id, skuId))
      .for('update');
    if (!old) throw notFound('商品规格不存在');
    const won = await tx
      .update(skus)
      .set({ ...v, updatedAt: new Date() })
      .where(and(eq(skus.id, skuId), sameVersion(skus.updatedAt, version)))
      .returning({ id: skus.id });
    if (won.length === 0) throw conflict('价格或库存已变化（可能刚有新订单），请刷新页面后再改');
    // The price it sells for from now on, for 价保 (docs/rules.md#价保): in this transaction, so no price is ever sold without its row.
    if (v.priceFen !== old.priceFen) await tx.insert(skuPriceHistory).values({ skuId, priceFen: v.priceFen });
    const { productId: pid, ...before } = old;
    await writeAudit(tx, { actorUserId, action: 'sku.update', entity: 'sku', entityId: skuId, ...diff(before, v) });
    // Stock set above zero: whoever waits for this option hears of it (docs/states.md#stock-notices).
    if (v.stock > 0) await emit(tx, { kind: 'skus_restocked', payload: { skuIds: [skuId] } });
    if (v.priceFen < old.priceFen) {
      const drop = await priceDropOf(tx, pid);
      if (drop) await priceDropped(tx, drop);
    }
    return pid;
  });
  catalogChanged([productId]);
  log.info({ skuId, productId, actorUserId }, 'sku updated');
  return getAdminProduct(productId);
}
