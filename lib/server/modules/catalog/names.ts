/**
 * Categories' and products' names by id, for what another module names by them: a coupon's 适用范围
 * (its words, the console form's choices, the check that the ids exist), the product a 在线客服
 * conversation is about. One query a kind.
 */
import 'server-only';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema';

type Named = { id: number; name: string };
const TABLE = { categories, products } as const;

/** The names of these categories or products (those that exist; any order). */
export async function namesOf(db: DbOrTx, kind: keyof typeof TABLE, ids: number[]): Promise<Named[]> {
  const t = TABLE[kind];
  return db.select({ id: t.id, name: t.name }).from(t).where(inArray(t.id, ids));
}

/** How many of these ids name a category or a product that exists. */
export async function countExisting(db: DbOrTx, kind: keyof typeof TABLE, ids: number[]): Promise<number> {
  const t = TABLE[kind];
  const [{ n }] = await db.select({ n: count() }).from(t).where(inArray(t.id, ids));
  return n;
}

/** Every category or product (on sale or not), in the shop's order. */
export async function allNames(db: DbOrTx, kind: keyof typeof TABLE): Promise<Named[]> {
  const t = TABLE[kind];
  return db.select({ id: t.id, name: t.name }).from(t).orderBy(asc(t.sort), asc(t.id));
}

/** Whether a product of this id exists (on sale or not). */
export async function productExists(db: DbOrTx, id: number): Promise<boolean> {
  const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return Boolean(p);
}
