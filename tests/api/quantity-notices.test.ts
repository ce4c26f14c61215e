/**
 * A quantity the shop changes is said, in the words the client toasts (QUANTITY_NOTICE, docs/rules.md#cart):
 * the cart caps a line at min(stock, 99) and answers `notice`; outside 1–99 the API refuses with the
 * same sentence the buy box and the cart show.
 */
import { describe, expect, it } from 'vitest';
import { POST as itemsPost } from '@/app/api/v1/cart/items/route';
import { PATCH as itemPatch } from '@/app/api/v1/cart/items/[id]/route';
import { POST as orderPost } from '@/app/api/v1/orders/route';
import type { CartView } from '@/lib/server/modules/cart';
import { allowedQuantity, QUANTITY_NOTICE } from '@/lib/domain/quantity';
import { addAddress, call, ctx, fails, idemKey, loginNew, makeSku, ok, req, setSku, type Shopper } from './session';

const add = (u: Shopper, skuId: number, quantity: number) => ok<CartView>(itemsPost, req('POST', '/cart/items', { skuId, quantity }, { token: u.token }));
const patch = (u: Shopper, id: number, body: unknown) => call<CartView>(itemPatch, req('PATCH', `/cart/items/${id}`, body, { token: u.token }), ctx({ id }));

describe('the cart says when it changed the quantity', () => {
  it('adding more than the stock: the line holds the stock and the answer says 库存仅剩 70 件', async () => {
    const sku = await makeSku({ stock: 70 });
    const u = await loginNew();
    const cart = await add(u, sku.skuId, 80);
    expect(cart.items[0].quantity).toBe(70);
    expect(cart.notice).toBe('库存仅剩 70 件');
    expect(cart.notice).toBe(allowedQuantity(80, 70).notice);
  });

  it('adding up past 99: the line holds 99 and the answer says 每件商品最多购买 99 件; a plain add says nothing', async () => {
    const sku = await makeSku({ stock: 500 });
    const u = await loginNew();
    const first = await add(u, sku.skuId, 60);
    expect(first.notice).toBeUndefined();
    const second = await add(u, sku.skuId, 60);
    expect(second.items[0].quantity).toBe(99);
    expect(second.notice).toBe('每件商品最多购买 99 件');
  });

  it('PATCH over the stock is cut with 库存仅剩; over 99 or below 1 is refused (400) with the toast’s words', async () => {
    const sku = await makeSku({ stock: 30 });
    const u = await loginNew();
    const line = (await add(u, sku.skuId, 2)).items[0];
    const over = await patch(u, line.id, { quantity: 45 });
    expect(over.body.resultCode).toBe(200);
    expect(over.body.data!.items[0].quantity).toBe(30);
    expect(over.body.data!.notice).toBe('库存仅剩 30 件');

    const tooMany = await patch(u, line.id, { quantity: 150 });
    expect(tooMany.body.resultCode).toBe(400);
    expect(tooMany.body.message).toBe(QUANTITY_NOTICE.max);
    const none = await patch(u, line.id, { quantity: 0 });
    expect(none.body.resultCode).toBe(400);
    expect(none.body.message).toBe('至少购买 1 件');
    expect((await patch(u, line.id, { quantity: 5 })).body.data!.notice).toBeUndefined();

    await setSku(sku.skuId, { stock: 0 });
    expect(await fails(409, itemPatch, req('PATCH', `/cart/items/${line.id}`, { quantity: 3 }, { token: u.token }), ctx({ id: line.id }))).toBe('该规格暂时缺货');
  });

  it('an order of 100 units of one option is refused with 每件商品最多购买 99 件', async () => {
    const sku = await makeSku({ stock: 500 });
    const u = await loginNew();
    const addressId = (await addAddress(u.token)).id;
    const msg = await fails(400, orderPost, req('POST', '/orders', { items: [{ skuId: sku.skuId, quantity: 100 }], addressId, idempotencyKey: idemKey() }, { token: u.token }));
    expect(msg).toContain('每件商品最多购买 99 件');
  });
});

describe('allowedQuantity (the one rule the buy box, the cart and the API share)', () => {
  it.each([
    [5, 70, 5, null],
    [80, 70, 70, '库存仅剩 70 件'],
    [150, 500, 99, '每件商品最多购买 99 件'],
    [150, 70, 70, '库存仅剩 70 件'],
    [0, 70, 1, '至少购买 1 件'],
    [Number.NaN, 70, 1, '至少购买 1 件'],
  ])('%d wanted with %d in stock → %d (%s)', (wanted, stock, quantity, notice) => {
    expect(allowedQuantity(wanted, stock)).toEqual({ quantity, notice });
  });
});
