/**
 * The cart (docs/rules.md#cart, docs/api.md#cart): anonymous by the httpOnly cart-id cookie, the user's when
 * logged in; quantities capped by stock and 99; totals priced by the server; off-sale or short
 * lines flagged and left out of the total and of checkout. (The merge at login: auth.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { GET as cartGet } from '@/app/api/v1/cart/route';
import { POST as itemsPost } from '@/app/api/v1/cart/items/route';
import { DELETE as itemDelete, PATCH as itemPatch } from '@/app/api/v1/cart/items/[id]/route';
import { PATCH as selectPatch } from '@/app/api/v1/cart/select/route';
import { POST as orderPost } from '@/app/api/v1/orders/route';
import { POST as previewPost } from '@/app/api/v1/orders/preview/route';
import type { CartView } from '@/lib/server/modules/cart';
import type { Order } from '@/lib/server/views/orders-detail';
import type { Preview } from '@/lib/server/flows/checkout';
import { HAN } from './helpers';
import {
  addAddress,
  call,
  cartCookieOf,
  ctx,
  fails,
  idemKey,
  loginNew,
  makeSku,
  ok,
  req,
  setProductOnSale,
  setSku,
  stockOf,
  type Opts,
} from './session';

/** Adds to the cart of `who` (token or cookie); for a visitor without a cookie, returns the new one. */
async function add(skuId: number, quantity: number, who: Opts = {}) {
  const { res, body } = await call<CartView>(itemsPost, req('POST', '/cart/items', { skuId, quantity }, who));
  expect(body.resultCode, body.message).toBe(200);
  return { cookie: cartCookieOf(res) ?? who.cookie, cart: body.data!, res };
}
const getCart = (who: Opts) => ok<CartView>(cartGet, req('GET', '/cart', undefined, who));
const patch = (id: number, body: unknown, who: Opts) => call<CartView>(itemPatch, req('PATCH', `/cart/items/${id}`, body, who), ctx({ id }));
const line = (cart: CartView, skuId: number) => cart.items.find((i) => i.skuId === skuId)!;

describe('anonymous cart', () => {
  it('the first add sets an httpOnly cart-id cookie; the cart is priced by the server', async () => {
    const a = await makeSku({ priceFen: 12_345, stock: 50 });
    const { res, cart, cookie } = await add(a.skuId, 2);
    const set = res.headers.get('set-cookie')!;
    expect(set).toMatch(/^cart-id=[^;]{20,}/);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/Path=\//);
    expect(set).toMatch(/Max-Age=2592000/);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ skuId: a.skuId, productId: a.productId, quantity: 2, priceFen: 12_345, selected: true, available: true, stock: 50 });
    expect(cart).toMatchObject({ selectedCount: 2, selectedTotalFen: 24_690 });

    // the same cookie: the same cart, no new cookie, quantities add
    const again = await add(a.skuId, 3, { cookie });
    expect(again.res.headers.get('set-cookie')).toBeNull();
    expect(line(again.cart, a.skuId).quantity).toBe(5);
    const read = await getCart({ cookie });
    expect(read.items.map((i) => [i.skuId, i.quantity])).toEqual([[a.skuId, 5]]);
    expect(read.selectedTotalFen).toBe(5 * 12_345);

    // another visitor (no cookie) sees an empty cart
    expect(await getCart({})).toEqual({ items: [], selectedCount: 0, selectedTotalFen: 0 });
    expect(await getCart({ cookie: 'cart-id=unknown-token' })).toEqual({ items: [], selectedCount: 0, selectedTotalFen: 0 });
  });

  it('quantity default is 1; adds are capped by stock and by 99', async () => {
    const few = await makeSku({ stock: 5 });
    const many = await makeSku({ stock: 1_000 });
    const first = await call<CartView>(itemsPost, req('POST', '/cart/items', { skuId: few.skuId }));
    expect(first.body.resultCode).toBe(200);
    const cookie = cartCookieOf(first.res)!;
    expect(line(first.body.data!, few.skuId).quantity).toBe(1);
    expect(line((await add(few.skuId, 3, { cookie })).cart, few.skuId).quantity).toBe(4);
    expect(line((await add(few.skuId, 4, { cookie })).cart, few.skuId).quantity).toBe(5);
    await add(many.skuId, 60, { cookie });
    const cart = (await add(many.skuId, 60, { cookie })).cart;
    expect(line(cart, many.skuId).quantity).toBe(99);
    expect(cart.selectedTotalFen).toBe((5 + 99) * 5_000);
  });

  it('bad adds: quantity 0 or 100 → 400; unknown or off-sale SKU → 404; no stock → 409', async () => {
    const a = await makeSku({ stock: 3 });
    for (const body of [{ skuId: a.skuId, quantity: 0 }, { skuId: a.skuId, quantity: 100 }, { skuId: a.skuId, quantity: 1.5 }, { skuId: 'x' }, {}]) {
      const msg = await fails(400, itemsPost, req('POST', '/cart/items', body));
      expect(msg).toMatch(HAN);
    }
    await fails(404, itemsPost, req('POST', '/cart/items', { skuId: 2_000_000_000, quantity: 1 }));
    const off = await makeSku();
    await setSku(off.skuId, { onSale: false });
    await fails(404, itemsPost, req('POST', '/cart/items', { skuId: off.skuId, quantity: 1 }));
    const offProduct = await makeSku();
    await setProductOnSale(offProduct.productId, false);
    await fails(404, itemsPost, req('POST', '/cart/items', { skuId: offProduct.skuId, quantity: 1 }));
    const empty = await makeSku({ stock: 0 });
    await fails(409, itemsPost, req('POST', '/cart/items', { skuId: empty.skuId, quantity: 1 }));
  });

  it('mutations without X-Requested-With → 403', async () => {
    const a = await makeSku();
    const { cookie, cart } = await add(a.skuId, 1);
    const id = cart.items[0].id;
    await fails(403, itemsPost, req('POST', '/cart/items', { skuId: a.skuId, quantity: 1 }, { cookie, xrw: false }));
    await fails(403, itemPatch, req('PATCH', `/cart/items/${id}`, { quantity: 2 }, { cookie, xrw: false }), ctx({ id }));
    await fails(403, itemDelete, req('DELETE', `/cart/items/${id}`, undefined, { cookie, xrw: false }), ctx({ id }));
    await fails(403, selectPatch, req('PATCH', '/cart/select', { selected: false }, { cookie, xrw: false }));
    expect(line(await getCart({ cookie }), a.skuId)).toMatchObject({ quantity: 1, selected: true });
  });
});

describe('PATCH and DELETE /cart/items/{id}, PATCH /cart/select', () => {
  it('PATCH quantity sets it, capped by stock; totals follow', async () => {
    const a = await makeSku({ priceFen: 1_000, stock: 7 });
    const { cookie, cart } = await add(a.skuId, 1);
    const id = cart.items[0].id;
    let r = await patch(id, { quantity: 4 }, { cookie });
    expect(r.body.resultCode).toBe(200);
    expect(r.body.data).toMatchObject({ selectedCount: 4, selectedTotalFen: 4_000 });
    r = await patch(id, { quantity: 50 }, { cookie });
    expect(line(r.body.data!, a.skuId).quantity).toBe(7);
    expect(r.body.data!.selectedTotalFen).toBe(7_000);
    r = await patch(id, { quantity: 99 }, { cookie });
    expect(line(r.body.data!, a.skuId).quantity).toBe(7);

    for (const bad of [{ quantity: 0 }, { quantity: 100 }, { quantity: -1 }, { quantity: 'many' }, {}, { selected: 'yes' }]) {
      const { body } = await patch(id, bad, { cookie });
      expect(body.resultCode, JSON.stringify(bad)).toBe(400);
      expect(body.message).toMatch(HAN);
    }
    expect(line(await getCart({ cookie }), a.skuId).quantity).toBe(7);
  });

  it('PATCH quantity up to 99 when stock allows', async () => {
    const a = await makeSku({ stock: 500 });
    const { cookie, cart } = await add(a.skuId, 1);
    const r = await patch(cart.items[0].id, { quantity: 99 }, { cookie });
    expect(line(r.body.data!, a.skuId).quantity).toBe(99);
  });

  it('PATCH selected, PATCH /cart/select all and none: selectedCount and selectedTotalFen follow', async () => {
    const a = await makeSku({ priceFen: 1_000 });
    const b = await makeSku({ priceFen: 2_500 });
    let { cookie } = await add(a.skuId, 2);
    const both = (await add(b.skuId, 1, { cookie })).cart;
    expect(both).toMatchObject({ selectedCount: 3, selectedTotalFen: 4_500 });

    const r = await patch(line(both, a.skuId).id, { selected: false }, { cookie });
    expect(r.body.data).toMatchObject({ selectedCount: 1, selectedTotalFen: 2_500 });
    expect(line(r.body.data!, a.skuId)).toMatchObject({ selected: false, quantity: 2 });

    // quantity and selection in one PATCH
    const r2 = await patch(line(both, b.skuId).id, { quantity: 3, selected: true }, { cookie });
    expect(r2.body.data).toMatchObject({ selectedCount: 3, selectedTotalFen: 7_500 });

    const none = await ok<CartView>(selectPatch, req('PATCH', '/cart/select', { selected: false }, { cookie }));
    expect(none.items.every((i) => !i.selected)).toBe(true);
    expect(none).toMatchObject({ selectedCount: 0, selectedTotalFen: 0 });
    const all = await ok<CartView>(selectPatch, req('PATCH', '/cart/select', { selected: true }, { cookie }));
    expect(all.items.every((i) => i.selected)).toBe(true);
    expect(all).toMatchObject({ selectedCount: 5, selectedTotalFen: 2 * 1_000 + 3 * 2_500 });
    await fails(400, selectPatch, req('PATCH', '/cart/select', { selected: 'all' }, { cookie }));
    await fails(400, selectPatch, req('PATCH', '/cart/select', {}, { cookie }));

    // adding again to a deselected line selects it
    await patch(line(both, a.skuId).id, { selected: false }, { cookie });
    ({ cookie } = await add(a.skuId, 1, { cookie }));
    expect(line(await getCart({ cookie }), a.skuId)).toMatchObject({ selected: true, quantity: 3 });

    // select on an empty (cookie-less) cart is harmless
    expect(await ok<CartView>(selectPatch, req('PATCH', '/cart/select', { selected: true }))).toEqual({ items: [], selectedCount: 0, selectedTotalFen: 0 });
  });

  it('DELETE removes the line; totals follow; deleting again → 404', async () => {
    const a = await makeSku({ priceFen: 1_000 });
    const b = await makeSku({ priceFen: 3_000 });
    const { cookie } = await add(a.skuId, 1);
    const cart = (await add(b.skuId, 2, { cookie })).cart;
    const id = line(cart, a.skuId).id;
    const after = await ok<CartView>(itemDelete, req('DELETE', `/cart/items/${id}`, undefined, { cookie }), ctx({ id }));
    expect(after.items.map((i) => i.skuId)).toEqual([b.skuId]);
    expect(after).toMatchObject({ selectedCount: 2, selectedTotalFen: 6_000 });
    await fails(404, itemDelete, req('DELETE', `/cart/items/${id}`, undefined, { cookie }), ctx({ id }));
  });

  it("another cart's item id → 404 for PATCH and DELETE, and the line is untouched", async () => {
    const a = await makeSku();
    const mine = await add(a.skuId, 2);
    const theirs = await add(a.skuId, 1);
    const user = await loginNew();
    const userCart = await add(a.skuId, 1, { token: user.token });
    const id = line(mine.cart, a.skuId).id;
    for (const who of [{ cookie: theirs.cookie }, { token: user.token }, {}, { cookie: 'cart-id=forged' }] as Opts[]) {
      await fails(404, itemPatch, req('PATCH', `/cart/items/${id}`, { quantity: 5 }, who), ctx({ id }));
      await fails(404, itemDelete, req('DELETE', `/cart/items/${id}`, undefined, who), ctx({ id }));
    }
    // the user's line from the visitor's cookie → 404 too
    const uid = line(userCart.cart, a.skuId).id;
    await fails(404, itemPatch, req('PATCH', `/cart/items/${uid}`, { selected: false }, { cookie: mine.cookie }), ctx({ id: uid }));
    // ids that are not ids
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      await fails(404, itemPatch, req('PATCH', `/cart/items/${bad}`, { quantity: 1 }, { cookie: mine.cookie }), { params: Promise.resolve({ id: bad }) });
    }
    expect(line(await getCart({ cookie: mine.cookie }), a.skuId)).toMatchObject({ quantity: 2, selected: true });
    expect(line(await getCart({ token: user.token }), a.skuId)).toMatchObject({ quantity: 1, selected: true });
  });
});

describe('unavailable lines', () => {
  it('an off-sale SKU or product, or stock below the quantity, flags the line and leaves it out of the total', async () => {
    const a = await makeSku({ priceFen: 1_000, stock: 20 });
    const b = await makeSku({ priceFen: 2_000, stock: 20 });
    const c = await makeSku({ priceFen: 4_000, stock: 20 });
    const { cookie } = await add(a.skuId, 1);
    await add(b.skuId, 5, { cookie });
    await add(c.skuId, 1, { cookie });
    expect((await getCart({ cookie })).selectedTotalFen).toBe(1_000 + 10_000 + 4_000);

    await setSku(a.skuId, { onSale: false });
    await setSku(b.skuId, { stock: 3 });
    let cart = await getCart({ cookie });
    expect(line(cart, a.skuId)).toMatchObject({ available: false, selected: true });
    expect(line(cart, b.skuId)).toMatchObject({ available: false, selected: true, quantity: 5, stock: 3 });
    expect(line(cart, c.skuId)).toMatchObject({ available: true });
    expect(cart).toMatchObject({ selectedCount: 1, selectedTotalFen: 4_000 });

    await setProductOnSale(c.productId, false);
    cart = await getCart({ cookie });
    expect(line(cart, c.skuId).available).toBe(false);
    expect(cart).toMatchObject({ selectedCount: 0, selectedTotalFen: 0 });

    // back on sale / quantity lowered to the stock → available again
    await setSku(a.skuId, { onSale: true });
    await patch(line(cart, b.skuId).id, { quantity: 3 }, { cookie });
    cart = await getCart({ cookie });
    expect(line(cart, a.skuId).available).toBe(true);
    expect(line(cart, b.skuId)).toMatchObject({ available: true, quantity: 3 });
    expect(cart).toMatchObject({ selectedCount: 4, selectedTotalFen: 1_000 + 6_000 });

    // sold out: PATCH quantity → 409
    await setSku(b.skuId, { stock: 0 });
    const { body } = await patch(line(cart, b.skuId).id, { quantity: 1 }, { cookie });
    expect(body.resultCode).toBe(409);
    expect(line(await getCart({ cookie }), b.skuId).available).toBe(false);
  });

  it('checkout from the cart leaves unavailable lines out (preview and order), and they stay in the cart', async () => {
    const user = await loginNew();
    const who = { token: user.token };
    const address = await addAddress(user.token);
    const good = await makeSku({ priceFen: 10_000, stock: 10 });
    const off = await makeSku({ priceFen: 20_000, stock: 10 });
    const short = await makeSku({ priceFen: 30_000, stock: 10 });
    await add(good.skuId, 1, who);
    await add(off.skuId, 1, who);
    await add(short.skuId, 4, who);
    await setSku(off.skuId, { onSale: false });
    await setSku(short.skuId, { stock: 2 });

    const preview = await ok<Preview>(previewPost, req('POST', '/orders/preview', { fromCart: true }, who));
    expect(preview.lines.map((l) => l.skuId)).toEqual([good.skuId]);
    expect(preview.itemsTotalFen).toBe(10_000);

    const order = await ok<Order>(orderPost, req('POST', '/orders', { fromCart: true, addressId: address.id, idempotencyKey: idemKey() }, who));
    expect(order.lines.map((l) => [l.skuId, l.quantity])).toEqual([[good.skuId, 1]]);
    expect(order.totalFen).toBe(10_000);
    expect(await stockOf(short.skuId)).toBe(2);
    expect(await stockOf(off.skuId)).toBe(10);
    const cart = await getCart(who);
    expect(cart.items.map((i) => i.skuId).sort()).toEqual([off.skuId, short.skuId].sort());

    // nothing left that can be bought → 400, no order
    await fails(400, previewPost, req('POST', '/orders/preview', { fromCart: true }, who));
    await fails(400, orderPost, req('POST', '/orders', { fromCart: true, addressId: address.id, idempotencyKey: idemKey() }, who));
  });
});

describe('the logged-in cart', () => {
  it("is the user's own: separate from the visitor's cookie cart, no cart-id cookie set", async () => {
    const a = await makeSku();
    const b = await makeSku();
    const anon = await add(a.skuId, 2);
    const user = await loginNew(); // logged in WITHOUT the cookie: nothing merges
    const mine = await add(b.skuId, 1, { token: user.token });
    expect(mine.res.headers.get('set-cookie')).toBeNull();
    expect((await getCart({ token: user.token })).items.map((i) => i.skuId)).toEqual([b.skuId]);
    expect((await getCart({ cookie: anon.cookie })).items.map((i) => i.skuId)).toEqual([a.skuId]);
    // token and cookie together: the user's cart wins; the visitor's cart is not touched
    const both = await getCart({ token: user.token, cookie: anon.cookie });
    expect(both.items.map((i) => i.skuId)).toEqual([b.skuId]);
    await add(a.skuId, 1, { token: user.token, cookie: anon.cookie });
    expect((await getCart({ cookie: anon.cookie })).items.map((i) => [i.skuId, i.quantity])).toEqual([[a.skuId, 2]]);
    expect((await getCart({ token: user.token })).items.map((i) => [i.skuId, i.quantity])).toEqual([
      [b.skuId, 1],
      [a.skuId, 1],
    ]);
    // the auth-token cookie also identifies the user
    expect((await getCart({ cookie: `auth-token=${user.token}` })).items).toHaveLength(2);
    // another user sees none of it
    const other = await loginNew();
    expect((await getCart({ token: other.token })).items).toEqual([]);
  });

  it('an expired or unknown token falls back to the visitor cart (the cart needs no login)', async () => {
    const a = await makeSku();
    const anon = await add(a.skuId, 1);
    const cart = await getCart({ token: 'not-a-real-token', cookie: anon.cookie });
    expect(cart.items.map((i) => i.skuId)).toEqual([a.skuId]);
  });
});
