/**
 * Where the 消息中心's messages come from (docs/messages.md#events), end to end through the real flows:
 * paid through the demo gateway, 发货 in the console, the carrier's 派送中 and 已签收 pushes, the sweep's
 * automatic 确认收货, after-sales approved and refunded, an invoice issued. Each makes one message with
 * its title, Chinese body and link, and the outbox delivering every event again (what a crash between
 * the send and the delivered mark leads to) makes no second message and no SMS under a new key.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as notifyRoute from '@/app/api/v1/carrier/notify/kuaidi100/route';
import { GET as listGet } from '@/app/api/v1/messages/route';
import { POST as invoicesPost } from '@/app/api/v1/invoices/route';
import { PUT as settingsPut } from '@/app/api/v1/messages/settings/route';
import { GET as productGet } from '@/app/api/v1/admin/products/[id]/route';
import { PUT as skuPut } from '@/app/api/v1/admin/skus/[id]/route';
import { PUT as favoritePut } from '@/app/api/v1/favorites/[id]/route';
import { PUT as stockNoticePut } from '@/app/api/v1/stock-notices/[id]/route';
import { SHIPPED_AUTO_COMPLETE_DAYS } from '@/lib/domain/order-rules';
import type { MessageItem, MessageKind } from '@/lib/domain/messages';
import { formatFen } from '@/lib/domain/money';
import { DAY_MS, HOUR_MS, shopDateTime } from '@/lib/domain/shop-time';
import { pushSign } from '@/lib/server/carrier/kuaidi100';
import { getDb } from '@/lib/server/db/client';
import type { Page } from '@/lib/server/db/paged';
import { coupons, messages, orders, outboxEvents, skus, waybillSubscriptions } from '@/lib/server/db/schema';
import { deliverOutbox } from '@/lib/server/flows/outbox-delivery';
import { sweepOrders } from '@/lib/server/flows/order-sweep';
import type { AdminProduct } from '@/lib/server/modules/catalog';
import { notifyExpiringCoupons } from '@/lib/server/modules/coupons';
import { skusRestocked } from '@/lib/server/modules/shopper-lists';
import { issueInvoice } from '@/lib/server/flows/invoice-console';
import { setSmsProvider } from '@/lib/server/sms/provider';
import { afterSalesSuite, ask, bought, buyer, desk, draft, expectFail, expectOk, payOrder, placeOrder, shipOrder, type Buyer } from './after-sales-kit';
import { give } from './coupon-kit';
import { ctx, makeSku, ok, req, type Shopper } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o));

/** Every SMS sent, with its Idempotency-Key (the kit's recorder keeps no keys). */
let sent: { phone: string; template: string; key?: string }[] = [];
beforeEach(() => {
  sent = [];
  setSmsProvider({ send: async (m, key) => void sent.push({ phone: m.phone, template: m.template, key }) });
});

const list = (u: Shopper) => ok<Page<MessageItem>>(listGet, req('GET', '/messages?pageSize=100', undefined, { token: u.token }));

async function rowsOf(u: Shopper) {
  const db = await getDb();
  return db.select().from(messages).where(eq(messages.userId, u.userId));
}
const kindsOf = async (u: Shopper) => (await rowsOf(u)).map((r) => r.kind).sort();
const smsTo = (u: Shopper) => sent.filter((s) => s.phone === u.phone && s.template !== 'login_code');

/**
 * Delivers every `notify` event of this shopper once more, as the sweep does after a crash left them
 * undelivered, and holds that nothing new was written and no SMS went under a key not used before.
 */
async function deliveredAgainAddsNothing(u: Shopper): Promise<void> {
  const db = await getDb();
  const before = (await rowsOf(u)).length;
  const keysBefore = new Set(smsTo(u).map((s) => s.key));
  const again = await db
    .update(outboxEvents)
    .set({ deliveredAt: null, dueAt: new Date(Date.now() - 1000), attempts: 1 })
    .where(and(eq(outboxEvents.kind, 'notify'), sql`(${outboxEvents.payload} ->> 'userId')::int = ${u.userId}`))
    .returning({ id: outboxEvents.id });
  expect(again.length).toBeGreaterThan(0);
  await deliverOutbox();
  expect((await rowsOf(u)).length).toBe(before);
  for (const s of smsTo(u)) expect(keysBefore.has(s.key), `SMS ${s.template} under a new key ${s.key}`).toBe(true);
}

async function messageOf(u: Shopper, kind: MessageKind): Promise<MessageItem> {
  const db = await getDb();
  const [row] = await db.select({ id: messages.id }).from(messages).where(and(eq(messages.userId, u.userId), eq(messages.kind, kind)));
  expect(row, `a ${kind} message`).toBeDefined();
  return (await list(u)).items.find((m) => m.id === row.id)!;
}

/** A genuine 快递100 push for the order's waybill (signed with its salt), as the carrier sends it. */
async function carrierPush(orderNo: string, state: '5' | '3') {
  const db = await getDb();
  const [w] = await db.select({ w: waybillSubscriptions }).from(waybillSubscriptions).innerJoin(orders, eq(orders.id, waybillSubscriptions.orderId)).where(eq(orders.orderNo, orderNo));
  const at = (min: number) => shopDateTime(new Date(Date.now() + min * 60_000));
  const data = [
    { time: at(1), context: '【合肥市】顺丰速运 已揽收', statusCode: '1', status: '揽收' },
    { time: at(2), context: '【北京市】快递员正在派件', statusCode: '5', status: '派件' },
    ...(state === '3' ? [{ time: at(3), context: '已签收，签收人：本人', statusCode: '301', status: '签收' }] : []),
  ].reverse();
  const param = JSON.stringify({
    status: 'polling',
    message: '',
    lastResult: { message: 'ok', state, status: '200', ischeck: state === '3' ? '1' : '0', com: w.w.carrierCode, nu: w.w.trackingNo, data: data.map((d) => ({ ...d, ftime: d.time })) },
  });
  const res = await notifyRoute.POST(
    new Request('http://shop.test/api/v1/carrier/notify/kuaidi100', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ param, sign: pushSign(param, w.w.salt) }).toString(),
    }),
  );
  expect(res.status).toBe(200);
}

describe('交易物流', () => {
  it('paid, shipped, 派送中, 已签收: one message each, linked to the order, and each once however often the carrier pushes', async () => {
    const u: Buyer = await buyer();
    const sku = await makeSku({ priceFen: 12_300 });
    const placed = await placeOrder(u, [{ sku }]);
    await payOrder(u, placed.orderNo);
    const paid = await messageOf(u, 'order_paid');
    expect(paid).toMatchObject({ category: 'trade', title: '订单支付成功', read: false, link: `/OrderDetail?orderNo=${placed.orderNo}` });
    expect(paid.body).toBe(`您的订单 ${placed.orderNo} 已支付成功，实付 ¥123.00，我们将尽快为您发货。`);

    await shipOrder(op, placed.orderNo);
    const shipped = await messageOf(u, 'order_shipped');
    expect(shipped.title).toBe('订单已发货');
    expect(shipped.body).toMatch(new RegExp(`^您的订单 ${placed.orderNo} 已由顺丰速运发出，运单号 SF\\d+.*点击查看物流。$`));
    // 「点击查看物流」 opens 物流详情, not the order.
    expect(shipped.link).toBe(`/OrderDistribute?orderNo=${placed.orderNo}`);

    await carrierPush(placed.orderNo, '5');
    await carrierPush(placed.orderNo, '5');
    expect(await messageOf(u, 'order_delivering')).toMatchObject({ title: '订单派送中', link: `/OrderDistribute?orderNo=${placed.orderNo}` });
    await carrierPush(placed.orderNo, '3');
    await carrierPush(placed.orderNo, '3');
    expect((await messageOf(u, 'order_signed')).title).toBe('订单已签收');
    expect(await kindsOf(u)).toEqual(['order_delivering', 'order_paid', 'order_shipped', 'order_signed']);
    // 交易物流 goes by SMS by default; payment news always: one SMS per event.
    expect(smsTo(u).map((s) => s.template).sort()).toEqual(['order_delivering', 'order_paid', 'order_shipped', 'order_signed']);

    await deliveredAgainAddsNothing(u);
  });

  it('the sweep’s automatic 确认收货 tells the shopper once, however often the sweep runs', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku() }], 'shipped');
    const db = await getDb();
    const long = new Date(Date.now() - (SHIPPED_AUTO_COMPLETE_DAYS + 1) * DAY_MS);
    await db.update(orders).set({ shippedAt: long }).where(eq(orders.orderNo, o.orderNo));
    await sweepOrders();
    await sweepOrders();
    const done = await messageOf(u, 'order_auto_completed');
    expect(done).toMatchObject({ title: '订单已完成', link: `/OrderDetail?orderNo=${o.orderNo}` });
    expect((await rowsOf(u)).filter((r) => r.kind === 'order_auto_completed')).toHaveLength(1);
    await deliveredAgainAddsNothing(u);
  });
});

describe('售后退款', () => {
  it('approved: one message linked to the request, SMS by default', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 8_000 }) }], 'completed');
    const a = await ask(u, draft(o, 'return_refund', 'not_as_described', [[0, 1]]));
    await expectOk(desk.approve(op, a.afterSaleNo));
    await expectFail(409, desk.approve(op, a.afterSaleNo));
    const approved = await messageOf(u, 'after_sale_approved');
    expect(approved).toMatchObject({ category: 'aftersale', title: '售后申请已通过', link: `/AfterSaleDetail?afterSaleNo=${a.afterSaleNo}` });
    expect(approved.body).toContain(a.afterSaleNo);
    expect(smsTo(u).filter((s) => s.template === 'after_sale_approved')).toHaveLength(1);
    await deliveredAgainAddsNothing(u);
  });

  it('refunded (a 仅退款 before shipping, approved by the shop at once): the amount in the message, and an SMS always', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 8_000 }) }], 'paid');
    await ok(settingsPut, req('PUT', '/messages/settings', { sms: { trade: false, aftersale: false, promotion: false, service: false } }, { token: u.token }));
    const a = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
    const refunded = await messageOf(u, 'after_sale_refunded');
    expect(refunded).toMatchObject({ category: 'aftersale', title: '退款成功', link: `/AfterSaleDetail?afterSaleNo=${a.afterSaleNo}` });
    // The whole order, its shipping included.
    expect(refunded.body).toBe(`您的售后申请 ${a.afterSaleNo} 已退款 ${formatFen(o.totalFen)}，将原路退回您的支付账户。`);
    // Payment news goes by SMS whatever 消息设置 says.
    expect(smsTo(u).map((s) => s.template).sort()).toEqual(['after_sale_refunded', 'order_paid']);
    await deliveredAgainAddsNothing(u);
  });

  it('rejected: the reason in the message', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku() }], 'completed');
    const a = await ask(u, draft(o, 'return_refund', 'not_as_described', [[0, 1]]));
    await expectOk(desk.reject(op, a.afterSaleNo, '订单已出库，请收货后申请退货'));
    const rejected = await messageOf(u, 'after_sale_rejected');
    expect(rejected.title).toBe('售后申请未通过');
    expect(rejected.body).toContain('订单已出库，请收货后申请退货');
    await deliveredAgainAddsNothing(u);
  });
});

describe('服务通知', () => {
  it('an invoice issued: one message linked to the invoice; no SMS by default', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku() }], 'paid');
    const inv = await ok<{ id: number }>(invoicesPost, req('POST', '/invoices', { orderNo: o.orderNo, invoiceType: 'normal', titleType: 'personal', title: '王小明', email: 'wang@example.com' }, { token: u.token }));
    await issueInvoice(inv.id);
    // Issued twice (two operators at once): the second is refused and tells nobody.
    await expect(issueInvoice(inv.id)).rejects.toThrow('该发票已开票');
    const issued = await messageOf(u, 'invoice_issued');
    expect(issued).toMatchObject({ category: 'service', title: '发票已开具', link: `/InvoiceDetail?id=${inv.id}` });
    expect(smsTo(u).map((s) => s.template)).toEqual(['order_paid']);
    await deliveredAgainAddsNothing(u);
  });
});

describe('优惠促销', () => {
  it('a coupon ending within 24 hours: told once however often the sweep runs; a used or later one is not', async () => {
    const u = await buyer();
    const soon = await give(u, { name: '满100减20' });
    const used = await give(u, { name: '已用券' });
    const later = await give(u, { name: '下月券' });
    const db = await getDb();
    const inHours = (h: number) => new Date(Date.now() + h * HOUR_MS);
    await db.update(coupons).set({ endsAt: inHours(20) }).where(inArray(coupons.id, [soon, used]));
    await db.update(coupons).set({ status: 'used' }).where(eq(coupons.id, used));
    await db.update(coupons).set({ endsAt: inHours(30) }).where(eq(coupons.id, later));
    await notifyExpiringCoupons();
    await notifyExpiringCoupons();
    const rows = (await rowsOf(u)).filter((r) => r.kind === 'coupon_expiring');
    expect(rows).toHaveLength(1);
    const m = await messageOf(u, 'coupon_expiring');
    expect(m).toMatchObject({ category: 'promotion', title: '优惠券即将过期', link: '/Coupon' });
    expect(m.body).toMatch(/^您的优惠券「满100减20」将于 \d{1,2}月\d{1,2}日 \d{2}:\d{2} 过期，请尽快使用。$/);
    // 优惠促销 sends no SMS by default.
    expect(smsTo(u)).toEqual([]);
    // A day later the sweep still does not tell it again.
    await notifyExpiringCoupons(inHours(1));
    expect((await rowsOf(u)).filter((r) => r.kind === 'coupon_expiring')).toHaveLength(1);
    await deliveredAgainAddsNothing(u);
  });

  it('到货通知: the option back in stock is one message and one SMS, linked to the product', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 0 });
    await ok(stockNoticePut, req('PUT', `/stock-notices/${sku.skuId}`, {}, { token: u.token }), ctx({ id: sku.skuId }));
    const db = await getDb();
    await db.update(skus).set({ stock: 5 }).where(eq(skus.id, sku.skuId));
    await skusRestocked([sku.skuId]);
    await skusRestocked([sku.skuId]);
    const m = await messageOf(u, 'stock_back');
    expect(m).toMatchObject({ category: 'promotion', title: '到货通知', link: `/proc/${sku.productId}` });
    expect(m.body).toContain(`${sku.productName} ${sku.skuName}`);
    // Subscribed as an SMS (到货后短信通知您): sent whatever 消息设置 says.
    expect(smsTo(u).map((s) => s.template)).toEqual(['stock_back']);
    await deliveredAgainAddsNothing(u);
  });

  it('a favorite’s price dropped below the price when saved: one message per drop, none for a rise or the same drop again', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 10_000 });
    await ok(favoritePut, req('PUT', `/favorites/${sku.productId}`, {}, { token: u.token }), ctx({ id: sku.productId }));
    const setPrice = async (priceFen: number) => {
      const p = await ok<AdminProduct>(productGet, req('GET', `/admin/products/${sku.productId}`, undefined, { token: op.token }), ctx({ id: sku.productId }));
      await ok(skuPut, req('PUT', `/admin/skus/${sku.skuId}`, { priceFen, listPriceFen: 10_000, stock: 100, version: p.skus[0].version }, { token: op.token }), ctx({ id: sku.skuId }));
    };
    await setPrice(8_800);
    const m = await messageOf(u, 'price_drop');
    expect(m).toMatchObject({ category: 'promotion', title: '收藏商品降价', link: `/proc/${sku.productId}` });
    expect(m.body).toBe(`您收藏的 ${sku.productName} 降价了：现价 ¥88.00，收藏时 ¥100.00。`);
    await setPrice(9_500);
    await setPrice(8_800);
    expect((await rowsOf(u)).filter((r) => r.kind === 'price_drop')).toHaveLength(1);
    await setPrice(7_000);
    expect((await rowsOf(u)).filter((r) => r.kind === 'price_drop')).toHaveLength(2);
    // A shopper who saved it at ¥70.00 hears nothing of a price above that.
    const late = await buyer();
    await ok(favoritePut, req('PUT', `/favorites/${sku.productId}`, {}, { token: late.token }), ctx({ id: sku.productId }));
    await setPrice(7_500);
    expect(await rowsOf(late)).toEqual([]);
    await deliveredAgainAddsNothing(u);
  });
});
