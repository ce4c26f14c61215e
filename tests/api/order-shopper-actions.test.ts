/**
 * The shopper's own moves on an order beyond paying (docs/api.md#orders): 取消订单 with a reason from the
 * list, 再次购买 (the lines back in the cart at today's price and stock), 删除订单 (hidden from the shopper,
 * kept for the books and the console), how the order was paid, and 我的服务 (the shopper's activation codes).
 */
import { describe, expect, it } from 'vitest';
import { GET as adminOrdersGet } from '@/app/api/v1/admin/orders/route';
import { GET as adminOrderGet } from '@/app/api/v1/admin/orders/[orderNo]/route';
import { GET as afterSalesGet, POST as afterSalesPost } from '@/app/api/v1/aftersales/route';
import { POST as afterSaleCancelPost } from '@/app/api/v1/aftersales/[afterSaleNo]/cancel/route';
import { GET as cartGet } from '@/app/api/v1/cart/route';
import { GET as licensesGet } from '@/app/api/v1/licenses/route';
import { GET as ordersGet, POST as ordersPost } from '@/app/api/v1/orders/route';
import { DELETE as orderDelete, GET as orderGet } from '@/app/api/v1/orders/[orderNo]/route';
import { POST as cancelPost } from '@/app/api/v1/orders/[orderNo]/cancel/route';
import { POST as rebuyPost } from '@/app/api/v1/orders/[orderNo]/rebuy/route';
import { SHOPPER_CANCEL_REASONS } from '@/lib/domain/order-rules';
import { getDb } from '@/lib/server/db/client';
import { payments } from '@/lib/server/db/schema';
import type { CartView, PutBack } from '@/lib/server/modules/cart';
import type { ServiceCode } from '@/lib/server/views/service-codes';
import { markOrderPaid } from '@/lib/server/modules/order';
import { type Order } from '@/lib/server/views/orders-detail';
import { type OrderSummary } from '@/lib/server/views/orders-list';
import { loginOperator, placeOrder } from './admin-session';
import { addAddress, call, ctx, idemKey, loginNew, makeSku, ok, orderRow, patchOrder, req, setProductOnSale, setSku, type Shopper } from './session';

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

const t = (u: Shopper) => ({ token: u.token });
const read = (u: Shopper, orderNo: string) => call<Order>(orderGet, req('GET', `/orders/${orderNo}`, undefined, t(u)), ctx({ orderNo }));
const list = (u: Shopper, query = '') => ok<Page<OrderSummary>>(ordersGet, req('GET', `/orders?pageSize=100${query}`, undefined, t(u)));
const cancel = (u: Shopper, orderNo: string, body?: unknown) => call<Order>(cancelPost, req('POST', `/orders/${orderNo}/cancel`, body, t(u)), ctx({ orderNo }));
const remove = (u: Shopper, orderNo: string) => call<null>(orderDelete, req('DELETE', `/orders/${orderNo}`, undefined, t(u)), ctx({ orderNo }));
const rebuy = (u: Shopper, orderNo: string) => call<PutBack & { notice: string }>(rebuyPost, req('POST', `/orders/${orderNo}/rebuy`, undefined, t(u)), ctx({ orderNo }));
const cart = (u: Shopper) => ok<CartView>(cartGet, req('GET', '/cart', undefined, t(u)));
const afterSalesOf = (u: Shopper) => ok<Page<{ afterSaleNo: string }>>(afterSalesGet, req('GET', '/aftersales?pageSize=100', undefined, t(u)));
const codes = (u: Shopper) => ok<Page<ServiceCode>>(licensesGet, req('GET', '/licenses?pageSize=100', undefined, t(u)));

describe('取消订单 takes a reason from the list', () => {
  it('no reason or one not on the list → 400 and the order stays 待付款; a listed one is kept as the shopper\'s', async () => {
    const { buyer, order } = await placeOrder();
    for (const body of [undefined, {}, { reason: '' }, { reason: '价格太贵' }, { reason: ['不想要了'] }]) {
      const { body: env } = await cancel(buyer, order.orderNo, body);
      expect(env.resultCode).toBe(400);
      expect(env.message).toBe('请选择取消原因');
    }
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');

    const { body: env } = await cancel(buyer, order.orderNo, { reason: '地址填错了' });
    expect(env.resultCode, env.message).toBe(200);
    expect(env.data).toMatchObject({ status: 'cancelled', cancelReason: '用户取消（地址填错了）' });
    expect((await orderRow(order.orderNo)).cancelReason).toBe('用户取消（地址填错了）');
    expect(SHOPPER_CANCEL_REASONS).toContain('地址填错了');
  });

  it("another shopper's order → 404 even with a good reason; the order is untouched", async () => {
    const { order } = await placeOrder();
    const intruder = await loginNew();
    expect((await cancel(intruder, order.orderNo, { reason: '不想要了' })).body.resultCode).toBe(404);
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');
  });
});

describe('how the order was paid', () => {
  it('unpaid: payment null; paid by Alipay: 支付宝 and the payment time; by WeChat: 微信支付', async () => {
    const { buyer, order, orderId } = await placeOrder();
    expect((await read(buyer, order.orderNo)).body.data!.payment).toBeNull();
    const paidAt = new Date(Date.now() - 5 * 60_000);
    const db = await getDb();
    await db.insert(payments).values({ paymentNo: `P${order.orderNo}`, orderId, channel: 'alipay_wap', amountFen: order.totalFen, status: 'succeeded', expiresAt: new Date(Date.now() + 600_000), paidAt });
    expect(await markOrderPaid(orderId, paidAt)).toBe(true);
    const seen = (await read(buyer, order.orderNo)).body.data!;
    expect(seen.payment).toEqual({ channel: 'alipay_wap', method: '支付宝', paidAt: paidAt.toISOString() });
    expect(seen.paidAt).toBe(paidAt.toISOString());

    const other = await placeOrder();
    await db.insert(payments).values({ paymentNo: `P${other.order.orderNo}`, orderId: other.orderId, channel: 'wechat_native', amountFen: other.order.totalFen, status: 'succeeded', expiresAt: new Date(Date.now() + 600_000), paidAt });
    // A payment that never went through says nothing about how the order was paid.
    await db.insert(payments).values({ paymentNo: `Q${other.order.orderNo}`, orderId: other.orderId, channel: 'alipay_page', amountFen: other.order.totalFen, status: 'closed', expiresAt: new Date() });
    expect(await markOrderPaid(other.orderId, paidAt)).toBe(true);
    expect((await read(other.buyer, other.order.orderNo)).body.data!.payment).toMatchObject({ channel: 'wechat_native', method: '微信支付' });
  });
});

describe('再次购买', () => {
  it('puts the lines back at today\'s price, capped by stock; skips a line off sale or out of stock and says which', async () => {
    const buyer = await loginNew();
    const a = await makeSku({ stock: 50, priceFen: 10_000 });
    const b = await makeSku({ stock: 50, priceFen: 20_000 });
    const c = await makeSku({ stock: 50, priceFen: 30_000 });
    const d = await makeSku({ stock: 50, priceFen: 40_000 });
    const items = ([[a, 3], [b, 1], [c, 1], [d, 5]] as const).map(([sku, quantity]) => ({ skuId: sku.skuId, quantity }));
    const addressId = (await addAddress(buyer.token)).id;
    const order = await ok<Order>(ordersPost, req('POST', '/orders', { items, addressId, idempotencyKey: idemKey() }, t(buyer)));
    await cancel(buyer, order.orderNo, { reason: '重复下单' });
    expect((await read(buyer, order.orderNo)).body.data!.actions).toMatchObject({ rebuy: true, remove: true });

    await setSku(a.skuId, { priceFen: 12_300 }); // the price went up
    await setProductOnSale(b.productId, false); // off sale
    await setSku(c.skuId, { stock: 0 }); // sold out
    await setSku(d.skuId, { stock: 2 }); // fewer than bought

    const { body } = await rebuy(buyer, order.orderNo);
    expect(body.resultCode, body.message).toBe(200);
    expect(body.data!.added.map((l) => [l.productName, l.quantity, l.capped])).toEqual([
      [a.productName, 3, false],
      [d.productName, 2, true],
    ]);
    expect(body.data!.skipped).toEqual([
      { productName: b.productName, skuName: b.skuName, reason: '已下架' },
      { productName: c.productName, skuName: c.skuName, reason: '缺货' },
    ]);
    expect(body.message).toContain(`「${b.productName} ${b.skuName}」已下架`);
    expect(body.message).toContain(`「${c.productName} ${c.skuName}」缺货`);
    expect(body.message).toContain(`「${d.productName} ${d.skuName}」库存仅剩 2 件`);

    const lines = (await cart(buyer)).items;
    expect(lines.map((l) => [l.skuId, l.quantity, l.priceFen, l.selected])).toEqual([
      [a.skuId, 3, 12_300, true],
      [d.skuId, 2, 40_000, true],
    ]);

    // Again: quantities add in the cart, still capped by stock.
    await rebuy(buyer, order.orderNo);
    expect((await cart(buyer)).items.map((l) => l.quantity)).toEqual([6, 2]);
  });

  it('nothing left to buy → 409 naming the lines, the cart untouched; another shopper\'s order → 404', async () => {
    const sku = await makeSku({ stock: 5 });
    const { buyer, order } = await placeOrder({ sku });
    await setSku(sku.skuId, { stock: 0 });
    const { body } = await rebuy(buyer, order.orderNo);
    expect(body.resultCode).toBe(409);
    expect(body.message).toBe(`「${sku.productName} ${sku.skuName}」缺货，没有可以加入购物车的商品`);
    expect((await cart(buyer)).items).toEqual([]);

    await setSku(sku.skuId, { stock: 5 });
    const intruder = await loginNew();
    expect((await rebuy(intruder, order.orderNo)).body.resultCode).toBe(404);
    expect((await cart(intruder)).items).toEqual([]);
  });
});

describe('删除订单', () => {
  it('only a finished order (已完成, 已取消, 已退款): others → 409 and still listed', async () => {
    const buyer = await loginNew();
    const sku = await makeSku({ stock: 50 });
    const place = async (status?: 'paid' | 'shipped' | 'refunding' | 'completed' | 'refunded') => {
      const { order } = await placeOrder({ buyer, sku, paid: Boolean(status) });
      if (status && status !== 'paid') await patchOrder(order.orderNo, { status });
      return order.orderNo;
    };
    for (const status of [undefined, 'paid', 'shipped', 'refunding'] as const) {
      const no = await place(status);
      expect((await read(buyer, no)).body.data!.actions.remove).toBe(false);
      const { body } = await remove(buyer, no);
      expect(body.resultCode, `${status ?? 'pending_payment'}`).toBe(409);
      expect(body.message).toMatch(/只有已完成、已取消或已退款的订单可以删除/);
      expect((await orderRow(no)).hiddenAt).toBeNull();
    }
    for (const status of ['completed', 'refunded'] as const) {
      const no = await place(status);
      expect((await read(buyer, no)).body.data!.actions.remove).toBe(true);
      expect((await remove(buyer, no)).body.resultCode).toBe(200);
    }
  });

  it('hidden from the list, its count and the detail (404), a second delete 404; kept in the database and the console', async () => {
    const { buyer, order } = await placeOrder();
    const kept = await placeOrder({ buyer });
    await cancel(buyer, order.orderNo, { reason: '其他' });
    const before = await list(buyer);
    expect(before.total).toBe(2);
    expect((await list(buyer, '&status=cancelled')).total).toBe(1);

    const { body } = await remove(buyer, order.orderNo);
    expect(body.resultCode, body.message).toBe(200);
    expect(body.message).toBe('订单已删除');

    const after = await list(buyer);
    expect(after.total).toBe(1);
    expect(after.items.map((o) => o.orderNo)).toEqual([kept.order.orderNo]);
    expect((await list(buyer, '&status=cancelled')).total).toBe(0);
    const detail = await read(buyer, order.orderNo);
    expect(detail.body.resultCode).toBe(404);
    expect(detail.body.message).toBe('订单不存在');
    expect((await remove(buyer, order.orderNo)).body.resultCode).toBe(404);
    expect((await rebuy(buyer, order.orderNo)).body.resultCode).toBe(404);

    const row = await orderRow(order.orderNo);
    expect(row.status).toBe('cancelled');
    expect(row.hiddenAt).toBeInstanceOf(Date);
    const op = await loginOperator();
    const seen = await ok<Page<{ orderNo: string; status: string }>>(adminOrdersGet, req('GET', `/admin/orders?orderNo=${order.orderNo}`, undefined, t(op)));
    expect(seen.items.map((o) => [o.orderNo, o.status])).toEqual([[order.orderNo, 'cancelled']]);
    const one = await ok<{ orderNo: string; status: string; hiddenAt: string | null }>(adminOrderGet, req('GET', `/admin/orders/${order.orderNo}`, undefined, t(op)), ctx({ orderNo: order.orderNo }));
    expect(one).toMatchObject({ orderNo: order.orderNo, status: 'cancelled', hiddenAt: row.hiddenAt!.toISOString() });
  });

  it("another shopper's order → 404 and it stays; an open after-sales request keeps a completed order → 409", async () => {
    const { buyer, order } = await placeOrder({ paid: true });
    await patchOrder(order.orderNo, { status: 'completed', shippedAt: new Date() });
    const intruder = await loginNew();
    expect((await remove(intruder, order.orderNo)).body.resultCode).toBe(404);
    expect((await orderRow(order.orderNo)).hiddenAt).toBeNull();

    const draft = { orderNo: order.orderNo, type: 'return_refund', reason: 'seven_days', items: [{ orderItemId: order.lines[0].id, quantity: 1 }] };
    const a = await ok<{ afterSaleNo: string }>(afterSalesPost, req('POST', '/aftersales', draft, t(buyer)));
    expect((await read(buyer, order.orderNo)).body.data!.actions.remove).toBe(false);
    const { body } = await remove(buyer, order.orderNo);
    expect(body.resultCode).toBe(409);
    expect(body.message).toBe('订单有售后申请正在处理，处理完成后才能删除');
    expect((await orderRow(order.orderNo)).hiddenAt).toBeNull();
    // Withdrawn, the request no longer holds the order.
    await ok(afterSaleCancelPost, req('POST', `/aftersales/${a.afterSaleNo}/cancel`, {}, t(buyer)), ctx({ afterSaleNo: a.afterSaleNo }));
    expect((await afterSalesOf(buyer)).items.map((r) => r.afterSaleNo)).toEqual([a.afterSaleNo]);
    expect((await remove(buyer, order.orderNo)).body.resultCode).toBe(200);
    // Gone with its order from 售后 too (its order link would answer 404).
    expect(await afterSalesOf(buyer)).toMatchObject({ items: [], total: 0 });
  });
});

describe('我的服务 (GET /licenses)', () => {
  it("lists the shopper's own codes with product, order and state; another shopper sees none of them", async () => {
    const sku = await makeSku({ kind: 'service', priceFen: 36_000, stock: 50 });
    const { buyer, order, orderId } = await placeOrder({ sku, quantity: 2 });
    expect((await codes(buyer)).total).toBe(0);
    expect(await markOrderPaid(orderId)).toBe(true);
    const mine = await codes(buyer);
    expect(mine.total).toBe(2);
    for (const c of mine.items) {
      expect(c).toMatchObject({ productName: sku.productName, skuName: sku.skuName, orderNo: order.orderNo, orderShown: true, state: 'unused', stateLabel: '未激活', activatedAt: null });
      expect(c.code).toMatch(/^[2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){3}$/);
    }
    const other = await loginNew();
    const theirs = await codes(other);
    expect(theirs.total).toBe(0);
    expect(JSON.stringify(theirs)).not.toContain(mine.items[0].code);

    // Activated, and the order deleted: the code stays the shopper's, shown without its order.
    const { POST: activatePost } = await import('@/app/api/v1/licenses/[code]/activate/route');
    const code = mine.items[0].code;
    await ok(activatePost, req('POST', `/licenses/${code}/activate`, {}, t(buyer)), ctx({ code }));
    expect((await remove(buyer, order.orderNo)).body.resultCode).toBe(200);
    const later = (await codes(buyer)).items.find((c) => c.code === code)!;
    expect(later).toMatchObject({ state: 'active', stateLabel: '已激活', orderShown: false });
    expect(later.validUntil).not.toBeNull();
  });

  it('anonymous → 416', async () => {
    expect((await call(licensesGet, req('GET', '/licenses'))).body.resultCode).toBe(416);
  });
});
