/**
 * 价保 (docs/rules.md#价保), on PGlite and PostgreSQL, through the real routes: the operator lowers an
 * option's price with the console's 价格和库存 after the shopper paid, and a claim refunds (what the kept
 * units were paid − the new price × units) to the fen, through the payment's provider, once per drop;
 * refused lines (refunded, under after-sales, outside the window, not protected, unpaid, another
 * shopper's); 50 claims at once refund once; a coupon order uses each line's share; 一键价保; a return
 * after 价保 gives back only what is left of the line; the console's list.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as claimPost, GET as mineGet } from '@/app/api/v1/price-protect/route';
import { POST as allPost } from '@/app/api/v1/price-protect/all/route';
import { GET as previewGet } from '@/app/api/v1/price-protect/preview/route';
import { GET as adminGet } from '@/app/api/v1/admin/price-protect/route';
import { GET as statsGet } from '@/app/api/v1/admin/stats/price-protect/route';
import { shopDay } from '@/lib/domain/shop-time';
import type { PriceProtectStats } from '@/lib/server/views/price-protect-stats';
import { GET as adminProductGet, PUT as productPut } from '@/app/api/v1/admin/products/[id]/route';
import { PUT as skuPut } from '@/app/api/v1/admin/skus/[id]/route';
import { POST as couponClaimPost } from '@/app/api/v1/coupons/[id]/claim/route';
import { GET as messagesGet } from '@/app/api/v1/messages/route';
import { GET as invoiceGet } from '@/app/api/v1/invoices/[id]/route';
import { POST as invoicesPost } from '@/app/api/v1/invoices/route';
import { completeInvoiceReversal, issueInvoice } from '@/lib/server/flows/invoice-console';
import type { Invoice } from '@/lib/server/modules/invoice';
import type { MessageItem } from '@/lib/domain/messages';
import { getDb } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/unique';
import type { Page } from '@/lib/server/db/paged';
import { couponTemplates, orderItems, priceProtectClaims, refunds, sandboxRefunds, sandboxTrades, skuPriceHistory } from '@/lib/server/db/schema';
import type { ClaimAllResult, ClaimResult, ProtectLine } from '@/lib/server/flows/price-protect';
import type { AdminProduct } from '@/lib/server/modules/catalog';
import type { MyCoupon } from '@/lib/server/modules/coupons';
import type { AdminPriceProtectClaim, PriceProtectClaim } from '@/lib/server/views/price-protect';
import type { Order } from '@/lib/server/views/orders-detail';
import {
  afterSalesSuite,
  ask,
  backdate,
  bought,
  buyer,
  draft,
  expectFail,
  expectOk,
  paymentOf,
  placeOrder,
  readOrder,
  refundDesk,
  refundsOfOrder,
  type Buyer,
} from './after-sales-kit';
import { eventually } from './http-harness';
import { call, ctx, makeSku, ok, orderRow, req, type Shopper, type SkuFixture } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o));

const t = (u: Shopper) => ({ token: u.token });

/** The console's 价格和库存: the option's price set to `priceFen` (list price with it), as an operator does. */
async function setPrice(sku: SkuFixture, priceFen: number): Promise<void> {
  const p = await ok<AdminProduct>(adminProductGet, req('GET', `/admin/products/${sku.productId}`, undefined, t(op)), ctx({ id: sku.productId }));
  const s = p.skus.find((x) => x.id === sku.skuId)!;
  await ok(skuPut, req('PUT', `/admin/skus/${sku.skuId}`, { priceFen, listPriceFen: Math.max(priceFen, s.listPriceFen), stock: s.stock, version: s.version }, t(op)), ctx({ id: sku.skuId }));
}

/** The console's product editor: the product's 价保 days. */
async function setProtectDays(sku: SkuFixture, days: number): Promise<void> {
  const p = await ok<AdminProduct>(adminProductGet, req('GET', `/admin/products/${sku.productId}`, undefined, t(op)), ctx({ id: sku.productId }));
  const body = { name: p.name, subtitle: p.subtitle, description: p.description, images: p.images.length ? p.images : [{ src: '/images/products/disk-1.png', alt: '量子加密移动硬盘', width: 800, height: 800 }], onSale: p.onSale, priceProtectDays: days, version: p.version };
  await ok(productPut, req('PUT', `/admin/products/${sku.productId}`, body, t(op)), ctx({ id: sku.productId }));
}

const lineOf = (o: Order, sku: SkuFixture) => o.lines.find((l) => l.skuId === sku.skuId)!;
const body = (o: Order, sku: SkuFixture) => ({ orderNo: o.orderNo, orderItemId: lineOf(o, sku).id });
const preview = (u: Shopper, o: Order, sku: SkuFixture) =>
  call<ProtectLine>(previewGet, req('GET', `/price-protect/preview?orderNo=${o.orderNo}&orderItemId=${lineOf(o, sku).id}`, undefined, t(u)));
const claim = (u: Shopper, o: Order, sku: SkuFixture) => call<ClaimResult>(claimPost, req('POST', '/price-protect', body(o, sku), t(u)));
const claimAll = (u: Shopper) => call<ClaimAllResult>(allPost, req('POST', '/price-protect/all', {}, t(u)));
const mine = (u: Shopper) => expectOk(call<{ lines: ProtectLine[]; claims: Page<PriceProtectClaim> }>(mineGet, req('GET', '/price-protect', undefined, t(u))));

async function claimsOfOrder(orderNo: string) {
  const db = await getDb();
  const id = (await orderRow(orderNo)).id;
  return db.select().from(priceProtectClaims).where(eq(priceProtectClaims.orderId, id)).orderBy(asc(priceProtectClaims.id));
}

async function gatewayRefunds(paymentNo: string) {
  const db = await getDb();
  const [tr] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, paymentNo));
  return db.select().from(sandboxRefunds).where(eq(sandboxRefunds.tradeId, tr.id)).orderBy(asc(sandboxRefunds.id));
}

/** 量子加密耳机 Q1 at ¥1,299: `quantity` bought and paid (待发货) by a new shopper. */
async function boughtAt(priceFen = 129_900, quantity = 2, stage: 'paid' | 'completed' = 'paid'): Promise<{ u: Buyer; sku: SkuFixture; o: Order }> {
  const u = await buyer();
  const sku = await makeSku({ priceFen, stock: 200 });
  const o = await bought(u, op, [{ sku, quantity }], stage);
  return { u, sku, o };
}

describe('a price drop after payment', () => {
  it('the preview shows (paid per unit − new price) × units; the claim refunds it once through the demo gateway', async () => {
    refundDesk.mode = 'gateway';
    const { u, sku, o } = await boughtAt(129_900, 2, 'completed');
    // No drop yet: nothing to claim, and why.
    expect(await expectOk(preview(u, o, sku))).toMatchObject({ eligible: false, amountFen: 0, reason: '商品价格未低于您的实付单价，暂无差价可退' });

    await setPrice(sku, 119_900);
    const seen = await expectOk(preview(u, o, sku));
    expect(seen).toMatchObject({ eligible: true, paidUnitFen: 129_900, lowPriceFen: 119_900, amountFen: 20_000, quantity: 2, channel: '微信支付' });

    const { body: made } = await claim(u, o, sku);
    expect(made.resultCode, made.message).toBe(200);
    expect(made.message).toBe('价保成功，¥200.00 将原路退回微信支付');
    expect(made.data).toMatchObject({ amountFen: 20_000, channel: '微信支付' });

    // The demo gateway received one refund of ¥200.00 for the trade; its notification settles the claim.
    const p = await paymentOf(o.orderNo);
    expect(await eventually(async () => (await claimsOfOrder(o.orderNo))[0]?.status === 'refunded')).toBe(true);
    const theirs = await gatewayRefunds(p.paymentNo);
    expect(theirs.map((r) => [r.amountFen, r.status])).toEqual([[20_000, 'SUCCESS']]);
    const ours = await refundsOfOrder(o.orderNo);
    expect(ours.map((r) => [r.kind, r.amountFen, r.status, r.refundNo])).toEqual([['price_protect', 20_000, 'succeeded', theirs[0].refundNo]]);

    // The order stays the shopper's, with the ¥200.00 shown as given back; the shopper is told.
    // 价保 is no after-sales refund: no 部分退款 badge.
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'completed', refundedFen: 20_000, refundSettledFen: 20_000, afterSale: null });
    const inbox = await ok<Page<MessageItem>>(messagesGet, req('GET', '/messages?category=aftersale', undefined, t(u)));
    expect(inbox.items.find((m) => m.title === '价保成功')?.body).toBe(`您订单 ${o.orderNo} 中的 ${sku.productName} 降价了，价保差价 ¥200.00 已原路退回您的支付账户。`);

    // The same drop again: refused, and nothing more goes out.
    expect(await expectFail(409, claim(u, o, sku))).toBe('本次降价已申请过价保，价格再降低时可再次申请');
    expect(await gatewayRefunds(p.paymentNo)).toHaveLength(1);
  });

  it('a further drop is a new claim for the difference; the same low price again (down, up, down) is no new drop', async () => {
    const { u, sku, o } = await boughtAt(129_900, 1);
    await setPrice(sku, 119_900);
    expect((await expectOk(claim(u, o, sku))).amountFen).toBe(10_000);
    await setPrice(sku, 109_900);
    expect((await expectOk(claim(u, o, sku))).amountFen).toBe(10_000);
    await setPrice(sku, 129_900);
    await setPrice(sku, 109_900);
    expect(await expectFail(409, claim(u, o, sku))).toBe('本次降价已申请过价保，价格再降低时可再次申请');
    expect((await claimsOfOrder(o.orderNo)).map((c) => [c.lowPriceFen, c.amountFen, c.status])).toEqual([
      [119_900, 10_000, 'refunded'],
      [109_900, 10_000, 'refunded'],
    ]);
    expect((await readOrder(u, o.orderNo)).refundedFen).toBe(20_000);
  });

  it('a price raised before the claim still counts its low: the lowest price since payment', async () => {
    const { u, sku, o } = await boughtAt(50_000, 3);
    await setPrice(sku, 45_000);
    await setPrice(sku, 52_000);
    expect(await expectOk(preview(u, o, sku))).toMatchObject({ lowPriceFen: 45_000, amountFen: 15_000 });
    expect((await expectOk(claim(u, o, sku))).amountFen).toBe(15_000);
  });
});

describe('lines that are refused', () => {
  it('a line refunded (partly) or with an after-sales request under way', async () => {
    const u = await buyer();
    const a = await makeSku({ priceFen: 30_000 });
    const b = await makeSku({ priceFen: 20_000 });
    const o = await bought(u, op, [{ sku: a, quantity: 2 }, { sku: b }], 'paid');
    // One unit of a refunded (仅退款, at once before shipping); b's refund left 退款中.
    expect((await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[o.lines.indexOf(lineOf(o, a)), 1]]))).status).toBe('refunded');
    refundDesk.mode = 'later';
    expect((await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[o.lines.indexOf(lineOf(o, b)), 1]]))).status).toBe('refunding');
    await setPrice(a, 25_000);
    await setPrice(b, 15_000);
    expect(await expectFail(409, claim(u, o, a))).toBe('该商品已申请退款，不能申请价保');
    expect(await expectFail(409, claim(u, o, b))).toBe('该商品正在售后中，不能申请价保');
    expect(await expectOk(preview(u, o, a))).toMatchObject({ eligible: false, reason: '该商品已申请退款，不能申请价保' });
    expect(await claimsOfOrder(o.orderNo)).toEqual([]);
  });

  it('outside the window (付款后 15 天); a product without 价保; a service; an unpaid order', async () => {
    const { u, sku, o } = await boughtAt(10_000, 1);
    await backdate(o.orderNo, { paidAt: new Date(Date.now() - 16 * 86_400_000) });
    await setPrice(sku, 8_000);
    expect(await expectFail(409, claim(u, o, sku))).toBe('已超过价保期限（付款后 15 天）');

    // On the window's last day the same drop is claimed.
    const late = await boughtAt(10_000, 1);
    await backdate(late.o.orderNo, { paidAt: new Date(Date.now() - 14 * 86_400_000) });
    await setPrice(late.sku, 8_000);
    expect((await expectOk(claim(late.u, late.o, late.sku))).amountFen).toBe(2_000);

    const none = await boughtAt(10_000, 1);
    await setProtectDays(none.sku, 0);
    await setPrice(none.sku, 8_000);
    expect(await expectFail(409, claim(none.u, none.o, none.sku))).toBe('该商品不支持价保');

    const su = await buyer();
    const service = await makeSku({ kind: 'service', priceFen: 9_900 });
    const so = await bought(su, op, [{ sku: service }], 'paid');
    await setPrice(service, 5_000);
    expect(await expectFail(409, claim(su, so, service))).toBe('该商品不支持价保');

    const unpaidSku = await makeSku({ priceFen: 10_000 });
    const placed = await placeOrder(u, [{ sku: unpaidSku }]);
    await setPrice(unpaidSku, 8_000);
    expect(await expectFail(409, claim(u, placed, unpaidSku))).toBe('订单付款后才能申请价保');
  });

  it("another shopper's line is 404, as is a line not in the order", async () => {
    const { u, sku, o } = await boughtAt(10_000, 1);
    await setPrice(sku, 8_000);
    const other = await buyer();
    expect(await expectFail(404, claim(other, o, sku))).toBe('订单不存在');
    expect(await expectFail(404, preview(other, o, sku))).toBe('订单不存在');
    expect(await expectFail(404, call(claimPost, req('POST', '/price-protect', { orderNo: o.orderNo, orderItemId: 2_000_000_000 }, t(u))))).toBe('订单中没有该商品');
    expect(await expectFail(400, call(claimPost, req('POST', '/price-protect', { orderNo: 'x', orderItemId: 1 }, t(u))))).toBe('订单编号不正确');
    expect(await claimsOfOrder(o.orderNo)).toEqual([]);
  });
});

describe('50 claims of one line at once', () => {
  it('refund once: one 200, the rest 409; one refund recorded and sent', async () => {
    const { u, sku, o } = await boughtAt(129_900, 1);
    await setPrice(sku, 119_900);
    refundDesk.calls.length = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(u, o, sku)));
    const codes = answers.map((a) => a.body.resultCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const ours = await refundsOfOrder(o.orderNo);
    expect(ours.map((r) => [r.kind, r.amountFen])).toEqual([['price_protect', 10_000]]);
    expect(refundDesk.calls.filter((c) => c.refundNo === ours[0].refundNo)).toHaveLength(1);
    expect((await claimsOfOrder(o.orderNo)).map((c) => c.amountFen)).toEqual([10_000]);
  });
});

describe('the once-guard in the database', () => {
  it('a second claim row of the same line and drop is refused by the unique index, lock or no lock; one refused by the provider is not counted', async () => {
    const { u, sku, o } = await boughtAt(10_000, 1);
    await setPrice(sku, 9_000);
    await expectOk(claim(u, o, sku));
    const db = await getDb();
    const [first] = await claimsOfOrder(o.orderNo);
    const { id: _id, createdAt: _c, updatedAt: _u, refundedAt: _r, ...row } = first;
    const [other] = await refundsOfOrder(o.orderNo);
    const refused = await db
      .insert(priceProtectClaims)
      .values({ ...row, status: 'refunding', refundId: other.id + 1_000_000 })
      .then(() => null, (err: unknown) => err);
    expect(isUniqueViolation(refused, 'price_protect_claims_once')).toBe(true);
    await db.update(priceProtectClaims).set({ status: 'failed' }).where(eq(priceProtectClaims.id, first.id));
    expect(await expectOk(preview(u, o, sku))).toMatchObject({ eligible: true, amountFen: 1_000 });
  });
});

describe('a coupon order', () => {
  it("each line's paid share after the coupon is what the drop is measured against", async () => {
    const u = await buyer();
    const db = await getDb();
    const [tpl] = await db
      .insert(couponTemplates)
      .values({ name: '价保测试券', kind: 'no_threshold', amountFen: 1_000, validityType: 'days', validDays: 7, perUserLimit: 5, issue: 'claim' })
      .returning({ id: couponTemplates.id });
    await ok<MyCoupon>(couponClaimPost, req('POST', `/coupons/${tpl.id}/claim`, {}, t(u)), ctx({ id: tpl.id }));
    const a = await makeSku({ priceFen: 6_000 });
    const b = await makeSku({ priceFen: 4_000 });
    const o = await bought(u, op, [{ sku: a, quantity: 3 }, { sku: b }], 'paid');
    expect(o).toMatchObject({ itemsTotalFen: 22_000, discountFen: 1_000, totalFen: 21_000 });
    const rows = await db.select().from(orderItems).where(eq(orderItems.orderId, (await orderRow(o.orderNo)).id));
    // ¥180 of ¥220 takes 818 fen of the ¥10 coupon: the three units were paid ¥171.82.
    expect(rows.find((r) => r.skuId === a.skuId)!.paidFen).toBe(17_182);
    expect(rows.find((r) => r.skuId === b.skuId)!.paidFen).toBe(3_818);

    await setPrice(a, 5_500);
    expect(await expectOk(preview(u, o, a))).toMatchObject({ amountFen: 682, paidUnitFen: 5_727 });
    expect((await expectOk(claim(u, o, a))).amountFen).toBe(682);
    // ¥38.00 is below the list price but not below the ¥38.18 b was paid after its share.
    await setPrice(b, 3_818);
    expect(await expectFail(409, claim(u, o, b))).toBe('商品价格未低于您的实付单价，暂无差价可退');
    await setPrice(b, 3_800);
    expect((await expectOk(claim(u, o, b))).amountFen).toBe(18);
  });
});

describe('一键价保 and 我的价保', () => {
  it('claims every eligible line of the shopper at once and lists them with their history', async () => {
    const u = await buyer();
    const a = await makeSku({ priceFen: 20_000 });
    const b = await makeSku({ priceFen: 30_000 });
    const c = await makeSku({ priceFen: 40_000 });
    const o1 = await bought(u, op, [{ sku: a, quantity: 2 }], 'paid');
    const o2 = await bought(u, op, [{ sku: b }, { sku: c }], 'completed');
    await setPrice(a, 18_000);
    await setPrice(b, 27_500);

    const before = await mine(u);
    expect(before.lines.filter((l) => l.eligible).map((l) => [l.orderNo, l.productName, l.amountFen]).sort()).toEqual(
      [
        [o1.orderNo, a.productName, 4_000],
        [o2.orderNo, b.productName, 2_500],
      ].sort(),
    );
    expect(before.lines.find((l) => l.productName === c.productName)).toMatchObject({ eligible: false, amountFen: 0 });

    const { body: all } = await claimAll(u);
    expect(all.resultCode).toBe(200);
    expect(all.message).toBe('2 件商品价保成功，共退 ¥65.00');
    expect(all.data!.totalFen).toBe(6_500);

    const after = await mine(u);
    expect(after.lines.filter((l) => l.eligible)).toEqual([]);
    expect(after.claims.items.map((x) => [x.orderNo, x.amountFen, x.statusLabel, x.source]).sort()).toEqual(
      [
        [o1.orderNo, 4_000, '已退款', 'all'],
        [o2.orderNo, 2_500, '已退款', 'all'],
      ].sort(),
    );
    const again = await claimAll(u);
    expect(again.body).toMatchObject({ resultCode: 200, message: '暂无可价保的商品', data: { claims: [], totalFen: 0 } });
  });
});

describe('价保 and returns', () => {
  it('a return after 价保 refunds what is left of the line, and the whole order comes back to exactly what was paid', async () => {
    const { u, sku, o } = await boughtAt(129_900, 2);
    await setPrice(sku, 119_900);
    expect((await expectOk(claim(u, o, sku))).amountFen).toBe(20_000);
    const first = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
    expect(first).toMatchObject({ status: 'refunded', refundFen: 119_900 });
    const second = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
    expect(second).toMatchObject({ status: 'refunded', refundFen: 119_900 });
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'refunded', refundedFen: 259_800, afterSale: null });
    // A line returned is protected no more.
    await setPrice(sku, 100_000);
    expect(await expectFail(409, claim(u, o, sku))).toBe('订单已取消或已退款，不能申请价保');
  });
});

describe('价保 and the invoice', () => {
  it('an issued invoice is marked for 红冲 and issued again for what the shop kept, as after a partial refund', async () => {
    const { u, sku, o } = await boughtAt(50_000, 2);
    const inv = await ok<Invoice>(invoicesPost, req('POST', '/invoices', { orderNo: o.orderNo, invoiceType: 'normal', titleType: 'personal', title: '王小明', email: 'wang@example.com' }, t(u)));
    expect(inv.amountFen).toBe(100_000);
    await issueInvoice(inv.id);
    await setPrice(sku, 46_000);
    expect((await expectOk(claim(u, o, sku))).amountFen).toBe(8_000);
    const read = () => ok<Invoice>(invoiceGet, req('GET', `/invoices/${inv.id}`, undefined, t(u)), ctx({ id: inv.id }));
    expect(await read()).toMatchObject({ status: 'issued', reversal: 'pending' });
    await completeInvoiceReversal(inv.id);
    expect(await read()).toMatchObject({ status: 'pending', amountFen: 92_000 });
  });
});

describe('the catalog keeps the price history', () => {
  it('the console writes a row for each new price, none for a stock change', async () => {
    const sku = await makeSku({ priceFen: 10_000 });
    await setPrice(sku, 9_000);
    await setPrice(sku, 9_000);
    await setPrice(sku, 9_500);
    const db = await getDb();
    const rows = await db.select().from(skuPriceHistory).where(and(eq(skuPriceHistory.skuId, sku.skuId))).orderBy(asc(skuPriceHistory.id));
    expect(rows.map((r) => r.priceFen)).toEqual([9_000, 9_500]);
  });
});

describe("the operator's view", () => {
  it('lists claims by state with their order; only operators', async () => {
    const { u, sku, o } = await boughtAt(10_000, 1);
    await setPrice(sku, 9_000);
    await expectOk(claim(u, o, sku));
    const list = await expectOk(call<Page<AdminPriceProtectClaim>>(adminGet, req('GET', '/admin/price-protect?status=refunded&pageSize=100', undefined, t(op))));
    expect(list.items.find((x) => x.orderNo === o.orderNo)).toMatchObject({ amountFen: 1_000, statusLabel: '已退款', productName: sku.productName });
    const failedOnly = await expectOk(call<Page<AdminPriceProtectClaim>>(adminGet, req('GET', '/admin/price-protect?status=failed&pageSize=100', undefined, t(op))));
    expect(failedOnly.items.find((x) => x.orderNo === o.orderNo)).toBeUndefined();
    expect(await expectFail(400, call(adminGet, req('GET', '/admin/price-protect?status=nope', undefined, t(op))))).toBe('价保状态不正确');
    expect((await call(adminGet, req('GET', '/admin/price-protect', undefined, t(u)))).body.resultCode).toBe(403);
  });

  it("数据 counts today's claims and what went back, to the fen", async () => {
    const today = shopDay();
    const read = () => expectOk(call<PriceProtectStats>(statsGet, req('GET', `/admin/stats/price-protect?from=${today}&to=${today}`, undefined, t(op))));
    const before = await read();
    const { u, sku, o } = await boughtAt(10_000, 3);
    await setPrice(sku, 9_123);
    refundDesk.mode = 'later';
    await expectOk(claim(u, o, sku));
    const during = await read();
    expect(during.series).toEqual([{ date: today, claims: before.totals.claims + 1, claimedFen: before.totals.claimedFen + 2_631, refundedFen: before.totals.refundedFen }]);
    const [r] = await refundsOfOrder(o.orderNo);
    const { settleRefund } = await import('@/lib/server/flows/refund-settled');
    expect(await settleRefund(r.id)).toBe(true);
    expect((await read()).totals).toEqual({ claims: before.totals.claims + 1, claimedFen: before.totals.claimedFen + 2_631, refundedFen: before.totals.refundedFen + 2_631 });
  });

  it('a refund the provider refuses leaves the claim 退款失败, and the line may be claimed again', async () => {
    const { u, sku, o } = await boughtAt(10_000, 1);
    await setPrice(sku, 9_000);
    refundDesk.mode = 'refused';
    expect((await expectOk(claim(u, o, sku))).status).toBe('failed');
    refundDesk.mode = 'instant';
    expect(await expectOk(claim(u, o, sku))).toMatchObject({ amountFen: 1_000, status: 'refunded' });
    const db = await getDb();
    const rs = await db.select().from(refunds).where(eq(refunds.orderId, (await orderRow(o.orderNo)).id)).orderBy(asc(refunds.id));
    expect(rs.map((r) => r.status)).toEqual(['failed', 'succeeded']);
  });
});
