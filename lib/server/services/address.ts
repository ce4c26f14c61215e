/** The address book: at most ADDRESS_MAX_PER_USER per user, one default; another user's id is 404. */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { ADDRESS_MAX_PER_USER } from '../../constants';
import { addressSchema } from '../../validation/address';
import { getDb, type Db } from '../db/client';
import { addresses, type AddressSnapshot } from '../db/schema';
import { conflict, notFound } from '../errors';

export type Address = AddressSnapshot & { id: number; isDefault: boolean };

const columns = {
  id: addresses.id,
  name: addresses.name,
  tel: addresses.tel,
  province: addresses.province,
  city: addresses.city,
  county: addresses.county,
  areaCode: addresses.areaCode,
  addressDetail: addresses.addressDetail,
  isDefault: addresses.isDefault,
};

export async function listAddresses(userId: number): Promise<Address[]> {
  const db = await getDb();
  return db.select(columns).from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.id));
}

export async function getAddress(userId: number, id: number, db?: Db): Promise<Address> {
  const d = db ?? (await getDb());
  const [row] = await d.select(columns).from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw notFound('收货地址不存在');
  return row;
}

async function clearOtherDefaults(tx: Db, userId: number, keepId: number) {
  await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, userId), ne(addresses.id, keepId), eq(addresses.isDefault, true)));
}

export async function createAddress(userId: number, input: unknown): Promise<Address> {
  const v = addressSchema.parse(input);
  const db = await getDb();
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Serialise a user's address writes so the limit and the single default hold under concurrency.
    await tx.execute(sql`select pg_advisory_xact_lock(${userId})`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(addresses).where(eq(addresses.userId, userId));
    if (n >= ADDRESS_MAX_PER_USER) throw conflict(`最多保存 ${ADDRESS_MAX_PER_USER} 个收货地址`);
    const [row] = await tx
      .insert(addresses)
      .values({ ...v, userId, isDefault: v.isDefault || n === 0 })
      .returning(columns);
    if (row.isDefault) await clearOtherDefaults(tx, userId, row.id);
    return row;
  });
}

export async function updateAddress(userId: number, id: number, input: unknown): Promise<Address> {
  const v = addressSchema.parse(input);
  const db = await getDb();
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${userId})`);
    const before = await getAddress(userId, id, tx);
    const [row] = await tx
      .update(addresses)
      .set({ ...v, isDefault: v.isDefault || before.isDefault, updatedAt: new Date() })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning(columns);
    if (row.isDefault) await clearOtherDefaults(tx, userId, row.id);
    return row;
  });
}

export async function deleteAddress(userId: number, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${userId})`);
    const gone = await getAddress(userId, id, tx);
    await tx.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (gone.isDefault) {
      const [next] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)).limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
  });
}

export async function defaultAddress(userId: number): Promise<Address | null> {
  const list = await listAddresses(userId);
  return list.find((a) => a.isDefault) ?? list[0] ?? null;
}
