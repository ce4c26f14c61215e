/**
 * Shared by the operator-console API tests: an operator logged in through the real SMS flow and
 * promoted by the admin:create code, a shopper's order in a chosen state, and the audit rows of an entity.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { getDb } from '@/lib/server/db/client';
import { auditLog } from '@/lib/server/db/schema';
import { makeOperator } from '@/lib/server/modules/accounts';
import { markOrderPaid } from '@/lib/server/modules/order';
import { type Order } from '@/lib/server/views/orders-detail';
import { addAddress, call, idemKey, loginNew, makeSku, orderRow, req, type Shopper, type SkuFixture } from './session';

/** A fresh user, logged in, then made an operator (its token stays valid: the role is read per request). */
export async function loginOperator(): Promise<Shopper> {
  const u = await loginNew();
  const r = await makeOperator(await getDb(), u.phone);
  expect(r.outcome).toBe('promoted');
  return u;
}

export type Placed = { buyer: Shopper; order: Order; orderId: number; sku: SkuFixture };

/** A shopper with an address places an order of one device SKU (or the given SKU); optionally paid. */
export async function placeOrder(o: { paid?: boolean; sku?: SkuFixture; quantity?: number; buyer?: Shopper } = {}): Promise<Placed> {
  const buyer = o.buyer ?? (await loginNew());
  const sku = o.sku ?? (await makeSku({ stock: 50 }));
  const body: Record<string, unknown> = { items: [{ skuId: sku.skuId, quantity: o.quantity ?? 1 }], idempotencyKey: idemKey() };
  if (sku.kind === 'device') body.addressId = (await addAddress(buyer.token)).id;
  const { body: env } = await call<Order>(ordersPost, req('POST', '/orders', body, { token: buyer.token }));
  expect(env.resultCode, env.message).toBe(200);
  const row = await orderRow(env.data!.orderNo);
  if (o.paid) expect(await markOrderPaid(row.id)).toBe(true);
  return { buyer, order: env.data!, orderId: row.id, sku };
}

export async function auditRows(entity: string, entityId: string | number) {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(asc(auditLog.id));
}

/**
 * Runs `fn` while every insert into the audit log fails (a trigger raises), to show that a console
 * action whose audit row cannot be written leaves nothing behind. Each test file has its own database.
 */
export async function whileAuditFails<T>(fn: () => Promise<T>): Promise<T> {
  const db = await getDb();
  await db.execute(sql.raw(`CREATE OR REPLACE FUNCTION test_audit_fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit log unavailable (test)'; END $$`));
  await db.execute(sql.raw('CREATE TRIGGER test_audit_fails BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_audit_fails()'));
  try {
    return await fn();
  } finally {
    await db.execute(sql.raw('DROP TRIGGER test_audit_fails ON audit_log'));
  }
}
