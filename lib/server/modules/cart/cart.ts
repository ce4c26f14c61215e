/**
 * The cart, priced by the server. A logged-in shopper's cart belongs to the user; an anonymous one
 * is keyed by the httpOnly `cart-id` cookie (only its hash is stored) and merges into the user's
 * cart at login (quantities add, capped by stock).
 */
import 'server-only';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MAX_LINE_QUANTITY, allowedQuantity } from '../../../domain/quantity';
import { addCartItemSchema, cartItemPatchSchema, selectAllSchema } from '../../../validation/cart';
import { newToken, sha256 } from '../../crypto';
import { getDb, withTx, type DbOrTx } from '../../db/client';
import { cartItems, carts } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { skuCards, type SoldSku } from '../catalog';

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

const withNotice = (cart: CartView, notice: string | null): CartView => (notice ? { ...cart, notice } : cart);

/** The owner's cart row, as a condition on carts; null for a visitor without a cookie (no cart). */
function ownerIs(owner: CartOwner): SQL | null {
  if (owner.userId !== null) return eq(carts.userId, owner.userId);
  return owner.anonToken ? eq(carts.anonTokenHash, sha256(owner.anonToken)) : null;
}

/** A user's cart row, made when missing. */
async function ensureUserCart(db: DbOrTx, userId: number): Promise<void> {
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
}

async function userCartId(db: DbOrTx, userId: number): Promise<number> {
  await ensureUserCart(db, userId);
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return row.id;
}

/**
 * The cart `where` picks (by its owner) and, in the same query, its line of `skuId` if it has
 * one: adding to a cart reads both at once.
 */
async function cartWithLine(db: DbOrTx, where: SQL, skuId: number): Promise<{ cartId: number; had: number | null } | null> {
  const [row] = await db
    .select({ cartId: carts.id, had: cartItems.quantity })
    .from(carts)
    .leftJoin(cartItems, and(eq(cartItems.cartId, carts.id), eq(cartItems.skuId, skuId)))
    .where(where);
  return row ?? null;
}

const EMPTY: CartView = { items: [], selectedCount: 0, selectedTotalFen: 0 };

const lineColumns = { id: cartItems.id, skuId: cartItems.skuId, quantity: cartItems.quantity, selected: cartItems.selected };
type StoredLine = { id: number; skuId: number; quantity: number; selected: boolean };

/** The lines of the owner's cart, oldest first: one query, the cart's row found in the same join. */
function ownerLines(db: DbOrTx, where: SQL): Promise<StoredLine[]> {
  return db.select(lineColumns).from(cartItems).innerJoin(carts, eq(carts.id, cartItems.cartId)).where(where).orderBy(asc(cartItems.id));
}

/**
 * The lines priced now: each option's card (name, picture, price, stock, on sale) from the catalog in
 * one query for the whole cart.
 */
async function priced(db: DbOrTx, lines: StoredLine[]): Promise<CartView> {
  if (lines.length === 0) return EMPTY;
  const cards = await skuCards(db, lines.map((l) => l.skuId));
  const items: CartLine[] = lines.flatMap((l) => {
    const card = cards.get(l.skuId);
    if (!card) return [];
    const { onSale, ...sold } = card;
    return [{ ...sold, id: l.id, quantity: l.quantity, selected: l.selected, available: onSale && sold.stock >= l.quantity }];
  });
  const chosen = items.filter((i) => i.selected && i.available);
  return {
    items,
    selectedCount: chosen.reduce((n, i) => n + i.quantity, 0),
    selectedTotalFen: chosen.reduce((n, i) => n + i.priceFen * i.quantity, 0),
  };
}

export async function getCart(owner: CartOwner): Promise<CartView> {
  const where = ownerIs(owner);
  if (!where) return EMPTY;
  const db = await getDb();
  return priced(db, await ownerLines(db, where));
}

async function loadCart(db: DbOrTx, cartId: number): Promise<CartView> {
  return priced(db, await db.select(lineColumns).from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.id)));
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
  const sku = (await skuCards(db, [skuId])).get(skuId);
  if (!sku || !sku.onSale) throw notFound('商品不存在或已下架');
  if (sku.stock <= 0) throw conflict('该规格暂时缺货');

  // A user's cart is made when missing; it is then read with the line below, in one query.
  if (owner.userId !== null) await ensureUserCart(db, owner.userId);
  const where = ownerIs(owner);
  let found = where ? await cartWithLine(db, where, skuId) : null;
  let anonToken: string | undefined;
  if (!found) {
    anonToken = newToken();
    const [row] = await db.insert(carts).values({ anonTokenHash: sha256(anonToken) }).returning({ id: carts.id });
    found = { cartId: row.id, had: null };
  }
  const { cartId, had } = found;
  const cap = Math.min(sku.stock, MAX_LINE_QUANTITY);
  // Only to tell the shopper when the cap cut the line; the cap itself is applied by the upsert below.
  const { notice } = allowedQuantity((had ?? 0) + quantity, sku.stock);
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
  const live = await skuCards(db, lines.map((l) => l.skuId));
  const cartId = await userCartId(db, userId);
  for (const l of lines) {
    const sku = live.get(l.skuId);
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
  if (!anonToken) return;
  await withTx(async (tx) => {
    // The visitor's cart and its lines in one query (a cart without lines answers one row of nulls).
    const rows = await tx
      .select({ cartId: carts.id, skuId: cartItems.skuId, quantity: cartItems.quantity, selected: cartItems.selected })
      .from(carts)
      .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
      .where(eq(carts.anonTokenHash, sha256(anonToken)));
    if (rows.length === 0) return;
    const anonId = rows[0].cartId;
    const target = await userCartId(tx, userId);
    const lines = rows.flatMap((r) => (r.skuId === null || r.quantity === null || r.selected === null ? [] : [{ skuId: r.skuId, quantity: r.quantity, selected: r.selected }]));
    const stock = await skuCards(tx, lines.map((l) => l.skuId));
    const moving = lines.flatMap((l) => {
      const left = stock.get(l.skuId)?.stock ?? 0;
      return left > 0 ? [{ ...l, stock: left }] : [];
    });
    if (moving.length) {
      // The stock read above caps both the new lines and those the user's cart already had.
      const stockOf = sql`case excluded.sku_id ${sql.join(moving.map((m) => sql`when ${m.skuId}::int then ${m.stock}::int`), sql` `)} end`;
      await tx
        .insert(cartItems)
        .values(moving.map((m) => ({ cartId: target, skuId: m.skuId, quantity: Math.min(m.quantity, m.stock, MAX_LINE_QUANTITY), selected: m.selected })))
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.skuId],
          set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${stockOf}, ${MAX_LINE_QUANTITY})`, selected: true },
        });
    }
    await tx.delete(carts).where(eq(carts.id, anonId));
  });
}

/** The selected lines that can be checked out (on sale, enough stock), for an order from the cart. */
export async function selectedCartLines(db: DbOrTx, owner: CartOwner): Promise<{ skuId: number; quantity: number }[]> {
  const where = ownerIs(owner);
  if (!where) return [];
  const cart = await priced(db, await ownerLines(db, where));
  return cart.items.filter((i) => i.selected && i.available).map((i) => ({ skuId: i.skuId, quantity: i.quantity }));
}

/** The line `itemId` of the owner's cart, with its cart and option, in one query; another cart's line is 404. */
async function ownedItem(db: DbOrTx, owner: CartOwner, itemId: number): Promise<{ cartId: number; skuId: number }> {
  const where = ownerIs(owner);
  if (!where || !Number.isSafeInteger(itemId)) throw notFound('购物车中没有这件商品');
  const [row] = await db
    .select({ cartId: carts.id, skuId: cartItems.skuId })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(cartItems.id, itemId), where));
  if (!row) throw notFound('购物车中没有这件商品');
  return row;
}

/** Changes a line's quantity (capped by stock and 99) or its selection; another cart's line is 404. */
export async function updateCartItem(owner: CartOwner, itemId: number, input: unknown): Promise<CartView> {
  const v = cartItemPatchSchema.parse(input);
  const db = await getDb();
  const { cartId, skuId } = await ownedItem(db, owner, itemId);
  const set: Partial<typeof cartItems.$inferInsert> = {};
  let notice: string | null = null;
  if (v.selected !== undefined) set.selected = v.selected;
  if (v.quantity !== undefined) {
    const stock = (await skuCards(db, [skuId])).get(skuId)?.stock ?? 0;
    if (stock <= 0) throw conflict('该规格暂时缺货');
    const allowed = allowedQuantity(v.quantity, stock);
    set.quantity = allowed.quantity;
    notice = allowed.notice;
  }
  await db.update(cartItems).set(set).where(eq(cartItems.id, itemId));
  return withNotice(await loadCart(db, cartId), notice);
}

export async function deleteCartItem(owner: CartOwner, itemId: number): Promise<CartView> {
  const db = await getDb();
  const { cartId } = await ownedItem(db, owner, itemId);
  await db.delete(cartItems).where(eq(cartItems.id, itemId));
  return loadCart(db, cartId);
}

export async function selectAllCartItems(owner: CartOwner, input: unknown): Promise<CartView> {
  const { selected } = selectAllSchema.parse(input);
  const where = ownerIs(owner);
  if (!where) return EMPTY;
  const db = await getDb();
  await db
    .update(cartItems)
    .set({ selected })
    .where(inArray(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(where)));
  return priced(db, await ownerLines(db, where));
}
