/**
 * The cart, priced by the server. A logged-in shopper's cart belongs to the user; an anonymous one
 * is keyed by the httpOnly `cart-id` cookie (only its hash is stored) and merges into the user's
 * cart at login (quantities add, capped by stock).
 */
import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { ProductKind } from '../../../domain/product-kind';
import { MAX_LINE_QUANTITY, allowedQuantity } from '../../../domain/quantity';
import { addCartItemSchema, cartItemPatchSchema, selectAllSchema } from '../../../validation/cart';
import { newToken, sha256 } from '../../crypto';
import { getDb, withTx, type DbOrTx } from '../../db/client';
import { cartItems, carts, products, skus } from '../../db/schema';
import { conflict, notFound } from '../../errors';

/** A SKU as it is sold: what a cart line shows and an order line keeps (sellableSkus reads it). */
type SoldSku = {
  skuId: number;
  productId: number;
  productName: string;
  skuName: string;
  image: string;
  kind: ProductKind;
  priceFen: number;
};

export type CartLine = SoldSku & {
  id: number;
  quantity: number;
  selected: boolean;
  stock: number;
  /** On sale and in stock for the quantity asked: only these can be checked out. */
  available: boolean;
};

/**
 * `notice`: set when the shop changed the quantity asked for (stock, the 99 a line may hold), in the
 * words the client toasts (QUANTITY_NOTICE, docs/rules.md#cart).
 */
export type CartView = { items: CartLine[]; selectedCount: number; selectedTotalFen: number; notice?: string };

/** Whose cart: the user's when logged in, else the anonymous cookie's. */
export type CartOwner = { userId: number | null; anonToken: string | undefined };

/**
 * A SKU as the cart and the checkout price it: its product's name, its picture and kind, its price
 * and stock, and whether it can be sold at all (the SKU and its product both on sale).
 */
const sellableColumns = {
  skuId: skus.id,
  productId: products.id,
  productName: products.name,
  skuName: skus.name,
  // The option's own picture, else the product's first: the cart line, checkout line and order snapshot show it.
  image: sql<string>`coalesce(${skus.image}, ${products.images}->0->>'src', '')`,
  kind: products.kind,
  priceFen: skus.priceFen,
  stock: skus.stock,
  onSale: sql<boolean>`${skus.onSale} and ${products.onSale}`,
};

/** The sellable-SKU query, for the cart (with its lines' columns as `extra`) and the checkout; filter it with where(). */
function sellableSkus<E extends SelectedFields>(db: DbOrTx, extra?: E) {
  return db
    .select({ ...sellableColumns, ...(extra as E) })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .$dynamic();
}

const withNotice = (cart: CartView, notice: string | null): CartView => (notice ? { ...cart, notice } : cart);

async function findAnonCart(db: DbOrTx, token: string | undefined): Promise<number | null> {
  if (!token) return null;
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.anonTokenHash, sha256(token)));
  return row?.id ?? null;
}

async function findCart(db: DbOrTx, owner: CartOwner): Promise<number | null> {
  if (owner.userId === null) return findAnonCart(db, owner.anonToken);
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, owner.userId));
  return row?.id ?? null;
}

async function userCartId(db: DbOrTx, userId: number): Promise<number> {
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return row.id;
}

const EMPTY: CartView = { items: [], selectedCount: 0, selectedTotalFen: 0 };

export async function getCart(owner: CartOwner): Promise<CartView> {
  const db = await getDb();
  const cartId = await findCart(db, owner);
  return cartId ? loadCart(db, cartId) : EMPTY;
}

async function loadCart(db: DbOrTx, cartId: number): Promise<CartView> {
  const rows = await sellableSkus(db, { id: cartItems.id, quantity: cartItems.quantity, selected: cartItems.selected })
    .innerJoin(cartItems, eq(cartItems.skuId, skus.id))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
  const items: CartLine[] = rows.map(({ onSale, ...r }) => ({ ...r, available: onSale && r.stock >= r.quantity }));
  const chosen = items.filter((i) => i.selected && i.available);
  return {
    items,
    selectedCount: chosen.reduce((n, i) => n + i.quantity, 0),
    selectedTotalFen: chosen.reduce((n, i) => n + i.priceFen * i.quantity, 0),
  };
}

/**
 * Adds a SKU to the caller's cart (creating the cart, and for a visitor its cookie token, when
 * needed), capped by stock. `anonToken` in the result is the cookie to set, if a new one was made.
 */
export async function addToCart(owner: CartOwner, input: unknown): Promise<{ anonToken?: string; cart: CartView }> {
  const { skuId, quantity } = addCartItemSchema.parse(input);
  // One transaction: a retried add (docs/decisions/retries.md) knows whether this one's quantity went in.
  return withTx((db) => addInTx(db, owner, skuId, quantity));
}

async function addInTx(db: DbOrTx, owner: CartOwner, skuId: number, quantity: number): Promise<{ anonToken?: string; cart: CartView }> {
  const [sku] = await sellableSkus(db).where(eq(skus.id, skuId));
  if (!sku || !sku.onSale) throw notFound('商品不存在或已下架');
  if (sku.stock <= 0) throw conflict('该规格暂时缺货');

  let cartId = owner.userId === null ? await findAnonCart(db, owner.anonToken) : await userCartId(db, owner.userId);
  let anonToken: string | undefined;
  if (!cartId) {
    anonToken = newToken();
    const [row] = await db.insert(carts).values({ anonTokenHash: sha256(anonToken) }).returning({ id: carts.id });
    cartId = row.id;
  }
  const cap = Math.min(sku.stock, MAX_LINE_QUANTITY);
  // Only to tell the shopper when the cap cut the line; the cap itself is applied by the upsert below.
  const [had] = await db.select({ quantity: cartItems.quantity }).from(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.skuId, skuId)));
  const { notice } = allowedQuantity((had?.quantity ?? 0) + quantity, sku.stock);
  await db
    .insert(cartItems)
    .values({ cartId, skuId, quantity: Math.min(quantity, cap) })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.skuId],
      set: { quantity: sql`least(${cartItems.quantity} + ${quantity}, ${cap})`, selected: true },
    });
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
  return { anonToken, cart: withNotice(await loadCart(db, cartId), notice) };
}

/** What 再次购买 did with each line of the order: in the cart (with the quantity now there), or left out and why. */
export type PutBack = {
  added: { productName: string; skuName: string; quantity: number; capped: boolean }[];
  skipped: { productName: string; skuName: string; reason: '已下架' | '缺货' }[];
};

/**
 * 再次购买 (docs/rules.md#rebuy): the lines go back into the user's cart at today's price (the cart never
 * keeps one) and as many as the stock and the line cap allow, selected; a line off sale or out of
 * stock is skipped. Each line is one upsert capped in SQL, as addToCart's.
 */
export async function putBackInCart(userId: number, lines: { skuId: number; productName: string; skuName: string; quantity: number }[]): Promise<PutBack> {
  const db = await getDb();
  const out: PutBack = { added: [], skipped: [] };
  const live = lines.length ? await sellableSkus(db).where(inArray(skus.id, lines.map((l) => l.skuId))) : [];
  const cartId = await userCartId(db, userId);
  for (const l of lines) {
    const sku = live.find((x) => x.skuId === l.skuId);
    // Named as the shopper bought it: the product may have been renamed or removed since.
    if (!sku || !sku.onSale) {
      out.skipped.push({ productName: l.productName, skuName: l.skuName, reason: '已下架' });
      continue;
    }
    if (sku.stock <= 0) {
      out.skipped.push({ productName: sku.productName, skuName: sku.skuName, reason: '缺货' });
      continue;
    }
    const cap = Math.min(sku.stock, MAX_LINE_QUANTITY);
    const [row] = await db
      .insert(cartItems)
      .values({ cartId, skuId: l.skuId, quantity: Math.min(l.quantity, cap) })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.skuId],
        set: { quantity: sql`least(${cartItems.quantity} + ${l.quantity}, ${cap})`, selected: true },
      })
      .returning({ quantity: cartItems.quantity });
    out.added.push({ productName: sku.productName, skuName: sku.skuName, quantity: row.quantity, capped: row.quantity < l.quantity });
  }
  if (out.added.length) await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
  return out;
}

/** At login: the visitor's cart joins the user's (quantities add, capped by stock and 99) and is removed. */
export async function mergeAnonCart(anonToken: string | undefined, userId: number): Promise<void> {
  await withTx(async (tx) => {
    const anonId = await findAnonCart(tx, anonToken);
    if (!anonId) return;
    const target = await userCartId(tx, userId);
    await tx.execute(sql`
      insert into cart_items (cart_id, sku_id, quantity, selected)
      select ${target}, ci.sku_id, least(ci.quantity, s.stock, ${MAX_LINE_QUANTITY}), ci.selected
      from cart_items ci join skus s on s.id = ci.sku_id
      where ci.cart_id = ${anonId} and s.stock > 0
      on conflict (cart_id, sku_id) do update
        set quantity = least(cart_items.quantity + excluded.quantity,
                             (select stock from skus where id = excluded.sku_id), ${MAX_LINE_QUANTITY}),
            selected = true`);
    await tx.delete(carts).where(eq(carts.id, anonId));
  });
}

/** The selected lines that can be checked out (on sale, enough stock), for an order from the cart. */
export async function selectedCartLines(db: DbOrTx, owner: CartOwner): Promise<{ skuId: number; quantity: number }[]> {
  const cartId = await findCart(db, owner);
  if (!cartId) return [];
  const cart = await loadCart(db, cartId);
  return cart.items.filter((i) => i.selected && i.available).map((i) => ({ skuId: i.skuId, quantity: i.quantity }));
}

async function ownedItemCart(db: DbOrTx, owner: CartOwner, itemId: number): Promise<number> {
  const cartId = await findCart(db, owner);
  if (!cartId || !Number.isSafeInteger(itemId)) throw notFound('购物车中没有这件商品');
  const [row] = await db.select({ id: cartItems.id }).from(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
  if (!row) throw notFound('购物车中没有这件商品');
  return cartId;
}

/** Changes a line's quantity (capped by stock and 99) or its selection; another cart's line is 404. */
export async function updateCartItem(owner: CartOwner, itemId: number, input: unknown): Promise<CartView> {
  const v = cartItemPatchSchema.parse(input);
  const db = await getDb();
  const cartId = await ownedItemCart(db, owner, itemId);
  const set: Partial<typeof cartItems.$inferInsert> = {};
  let notice: string | null = null;
  if (v.selected !== undefined) set.selected = v.selected;
  if (v.quantity !== undefined) {
    const [row] = await db
      .select({ stock: skus.stock })
      .from(cartItems)
      .innerJoin(skus, eq(skus.id, cartItems.skuId))
      .where(eq(cartItems.id, itemId));
    if (row.stock <= 0) throw conflict('该规格暂时缺货');
    const allowed = allowedQuantity(v.quantity, row.stock);
    set.quantity = allowed.quantity;
    notice = allowed.notice;
  }
  await db.update(cartItems).set(set).where(eq(cartItems.id, itemId));
  return withNotice(await loadCart(db, cartId), notice);
}

export async function deleteCartItem(owner: CartOwner, itemId: number): Promise<CartView> {
  const db = await getDb();
  const cartId = await ownedItemCart(db, owner, itemId);
  await db.delete(cartItems).where(eq(cartItems.id, itemId));
  return loadCart(db, cartId);
}

export async function selectAllCartItems(owner: CartOwner, input: unknown): Promise<CartView> {
  const { selected } = selectAllSchema.parse(input);
  const db = await getDb();
  const cartId = await findCart(db, owner);
  if (!cartId) return EMPTY;
  await db.update(cartItems).set({ selected }).where(eq(cartItems.cartId, cartId));
  return loadCart(db, cartId);
}
