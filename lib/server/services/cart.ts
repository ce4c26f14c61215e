/**
 * The cart, priced by the server. An anonymous cart is keyed by the httpOnly `cart-id` cookie
 * (only its hash is stored). Login merging and the user's cart come with the accounts work.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_LINE_QUANTITY, addCartItemSchema } from '../../validation/cart';
import { newToken, sha256 } from '../crypto';
import { getDb, type Db } from '../db/client';
import { cartItems, carts, products, skus } from '../db/schema';
import { conflict, notFound } from '../errors';

export type CartLine = {
  id: number;
  skuId: number;
  productId: number;
  productName: string;
  skuName: string;
  image: string;
  kind: 'device' | 'service';
  priceFen: number;
  quantity: number;
  selected: boolean;
  stock: number;
  /** On sale and in stock for the quantity asked: only these can be checked out. */
  available: boolean;
};

export type CartView = { items: CartLine[]; selectedCount: number; selectedTotalFen: number };

async function findAnonCart(db: Db, token: string | undefined): Promise<number | null> {
  if (!token) return null;
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.anonTokenHash, sha256(token)));
  return row?.id ?? null;
}

export async function getCartByToken(token: string | undefined): Promise<CartView> {
  const db = await getDb();
  const cartId = await findAnonCart(db, token);
  return cartId ? loadCart(db, cartId) : { items: [], selectedCount: 0, selectedTotalFen: 0 };
}

export async function loadCart(db: Db, cartId: number): Promise<CartView> {
  const rows = await db
    .select({
      id: cartItems.id,
      skuId: skus.id,
      productId: products.id,
      productName: products.name,
      skuName: skus.name,
      images: products.images,
      kind: products.kind,
      priceFen: skus.priceFen,
      quantity: cartItems.quantity,
      selected: cartItems.selected,
      stock: skus.stock,
      onSale: sql<boolean>`${skus.onSale} and ${products.onSale}`,
    })
    .from(cartItems)
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
  const items: CartLine[] = rows.map(({ images, onSale, kind, ...r }) => ({
    ...r,
    kind: kind === 'service' ? 'service' : 'device',
    image: images[0]?.src ?? '',
    available: onSale && r.stock >= r.quantity,
  }));
  const chosen = items.filter((i) => i.selected && i.available);
  return {
    items,
    selectedCount: chosen.reduce((n, i) => n + i.quantity, 0),
    selectedTotalFen: chosen.reduce((n, i) => n + i.priceFen * i.quantity, 0),
  };
}

/** Adds a SKU to the visitor's cart (creating the cart and its token when needed), capped by stock. */
export async function addToAnonCart(token: string | undefined, input: unknown): Promise<{ token: string; cart: CartView }> {
  const { skuId, quantity } = addCartItemSchema.parse(input);
  const db = await getDb();
  const [sku] = await db
    .select({ stock: skus.stock, onSale: sql<boolean>`${skus.onSale} and ${products.onSale}` })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(skus.id, skuId));
  if (!sku || !sku.onSale) throw notFound('商品不存在或已下架');
  if (sku.stock <= 0) throw conflict('该规格暂时缺货');

  let cartId = await findAnonCart(db, token);
  let cartToken = token;
  if (!cartId || !cartToken) {
    cartToken = newToken();
    const [row] = await db.insert(carts).values({ anonTokenHash: sha256(cartToken) }).returning({ id: carts.id });
    cartId = row.id;
  }
  const cap = Math.min(sku.stock, MAX_LINE_QUANTITY);
  await db
    .insert(cartItems)
    .values({ cartId, skuId, quantity: Math.min(quantity, cap) })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.skuId],
      set: { quantity: sql`least(${cartItems.quantity} + ${quantity}, ${cap})`, selected: true },
    });
  await db.update(carts).set({ updatedAt: new Date() }).where(and(eq(carts.id, cartId)));
  return { token: cartToken, cart: await loadCart(db, cartId) };
}
