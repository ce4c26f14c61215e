/** The address book: at most ADDRESS_MAX_PER_USER per user, one default; another user's id is 404. */
import 'server-only';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { ADDRESS_MAX_PER_USER } from '../../../domain/address-rules';
import { addressSchema } from '../../../validation/address';
import { getDb, withTx, type DbOrTx, type Tx } from '../../db/client';
import { countRows } from '../../db/paged';
import { addresses, type AddressSnapshot } from '../../db/schema';
import { conflict, notFound } from '../../errors';

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

export async function getAddress(userId: number, id: number): Promise<Address> {
  return findAddress(await getDb(), userId, id);
}

/** The user's address `id` (404 for anyone else's), read on `db`: checkout reads it in the order's transaction. */
export async function findAddress(db: DbOrTx, userId: number, id: number): Promise<Address> {
  const [row] = await db.select(columns).from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw notFound('收货地址不存在');
  return row;
}

/** Serialises a user's address writes, so the limit and the single default hold under concurrency. */
const lockUserAddresses = (tx: Tx, userId: number) => tx.execute(sql`select pg_advisory_xact_lock(${userId})`);

async function clearOtherDefaults(tx: Tx, userId: number, keepId: number) {
  await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, userId), ne(addresses.id, keepId), eq(addresses.isDefault, true)));
}

export async function createAddress(userId: number, input: unknown): Promise<Address> {
  const v = addressSchema.parse(input);
  return withTx(async (tx) => {
    await lockUserAddresses(tx, userId);
    const [{ n }] = await tx.select({ n: countRows }).from(addresses).where(eq(addresses.userId, userId));
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
  return withTx(async (tx) => {
    await lockUserAddresses(tx, userId);
    const before = await findAddress(tx, userId, id);
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
  await withTx(async (tx) => {
    await lockUserAddresses(tx, userId);
    const gone = await findAddress(tx, userId, id);
    await tx.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (gone.isDefault) {
      const [next] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)).limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
  });
}
