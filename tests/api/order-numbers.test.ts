/**
 * Order numbers are the Beijing second and random digits (docs/rules.md): two orders drawing the same
 * number in the same second must both be taken, the second under a number drawn again, never a 500.
 * The clock and the digits are pinned here so that the clash happens every run.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { randomDigits } from '@/lib/server/crypto';
import type { Order } from '@/lib/server/views/orders-detail';
import { getDb } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { buyer, call, idemKey, makeSku, req, stockOf } from './session';

vi.mock('@/lib/domain/shop-time', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/domain/shop-time')>();
  return { ...real, shopStamp: vi.fn(real.shopStamp) };
});
vi.mock('@/lib/server/crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/server/crypto')>();
  return { ...real, randomDigits: vi.fn(real.randomDigits) };
});

const { shopStamp } = await import('@/lib/domain/shop-time');

afterEach(() => {
  vi.mocked(shopStamp).mockReset();
  vi.mocked(randomDigits).mockReset();
});

describe('order numbers', () => {
  it('an order whose number was drawn already in that second is taken under a number drawn again', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 9_900, stock: 10 });
    const place = () => call<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId, idempotencyKey: idemKey() }, { token: u.token }));
    // Every number of this test is drawn in one second; the first two draws are the same digits.
    const stamp = '20261126120000';
    vi.mocked(shopStamp).mockReturnValue(stamp);
    vi.mocked(randomDigits).mockReturnValueOnce('424242').mockReturnValueOnce('424242').mockReturnValueOnce('777777');

    const first = await place();
    expect(first.body.resultCode, first.body.message).toBe(200);
    expect(first.body.data!.orderNo).toBe(`${stamp}424242`);
    const second = await place();
    expect(second.body.resultCode, second.body.message).toBe(200);
    expect(second.body.data!.orderNo).toBe(`${stamp}777777`);

    // The clashing attempt kept nothing: two orders, two units taken.
    const rows = await (await getDb()).select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.userId, u.userId));
    expect(rows.map((r) => r.orderNo).sort()).toEqual([`${stamp}424242`, `${stamp}777777`]);
    expect(await stockOf(sku.skuId)).toBe(8);
  });
});
