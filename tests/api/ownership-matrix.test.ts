/**
 * The ownership matrix (docs/api.md#authentication): every handler under app/api/v1 (read from the route tree, so a new
 * route fails this test until it is given a rule) is called as an anonymous visitor, as another
 * shopper and as the owner of what it touches:
 *   owned     anonymous 416 · another shopper 404 · owner 200   (orders, addresses, invoices, payments …)
 *   mine      anonymous 416 · another shopper 200 without the owner's data · owner 200 with it (lists, profile)
 *   account   anonymous 416 · any logged-in shopper 200 for themself (create, change own settings)
 *   public    anyone 200 (catalog, cart of one's own browser, login)
 *   operator  anonymous 416 · a shopper 403                      (/admin; the console tests cover operators)
 *   provider  a forged call is refused (4xx) and changes nothing (payment notifications)
 * Raw routes (the Alipay pay form, the invoice PDF) are held to the same HTTP statuses.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'shop-matrix-'));

import { POST as aftersalesPost } from '@/app/api/v1/aftersales/route';
import { POST as uploadsPost } from '@/app/api/v1/uploads/route';
import { POST as cartItemsPost } from '@/app/api/v1/cart/items/route';
import { POST as invoicesPost } from '@/app/api/v1/invoices/route';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { POST as paymentsPost } from '@/app/api/v1/payments/route';
import { POST as smsCodePost } from '@/app/api/v1/auth/sms-code/route';
import { getDb, withTx } from '@/lib/server/db/client';
import { afterSales, couponTemplates, invoiceTitles, licenses, messages, orders, payments, sandboxParcels, skuPriceHistory, skus, smsCodes, subscriptionContracts, subscriptions, waybillSubscriptions } from '@/lib/server/db/schema';
import type { AfterSaleStatus } from '@/lib/domain/after-sale';
import type { AfterSale } from '@/lib/server/modules/after-sales';
import { issueInvoice } from '@/lib/server/flows/invoice-console';
import { bookReturnPickup } from '@/lib/server/flows/return-pickup';
import { pickupSlots } from '@/lib/domain/pickup';
import { activateLicense } from '@/lib/server/flows/activate-code';
import { markOrderPaid } from '@/lib/server/modules/order';
import { type Order } from '@/lib/server/views/orders-detail';
import { subscribeStockNotice } from '@/lib/server/modules/shopper-lists';
import { notify } from '@/lib/server/modules/messages';
import { startConversation } from '@/lib/server/modules/support';
import { addFavorite } from '@/lib/server/modules/shopper-lists';
import { recordView } from '@/lib/server/modules/shopper-lists';
import type { PaymentView } from '@/lib/server/modules/payment';
import { startHarness, type Harness } from './http-harness';
import { fillPattern, apiHandlers, type RouteHandler } from './route-tree';
import { ADDRESS, addAddress, ctx, idemKey, loginNew, makeSku, newPhone, ok, orderRow, patchOrder, req, type Shopper, type SkuFixture } from './session';
import { TINY_PNG } from '../support/tiny-png';

/** `form`: a multipart body (an upload) instead of JSON. */
type Case = { params?: Record<string, string>; body?: unknown; query?: string; form?: FormData };
type Rule =
  | { kind: 'owned'; setup: () => Promise<Case>; anonymous?: 404 }
  | { kind: 'mine'; marker: () => string; setup?: () => Promise<Case> }
  | { kind: 'account'; setup?: (u: Shopper) => Promise<Case> }
  | { kind: 'public'; setup?: () => Promise<Case> }
  | { kind: 'operator' }
  | { kind: 'provider'; body: string; contentType: string }
  /** Asked by the shop's apps with their signature only: a shopper's session (even the code's owner) is refused. */
  | { kind: 'app'; setup: () => Promise<Case> };

let h: Harness;
let A: Shopper & { addressId: number };
let B: Shopper;
let sku: SkuFixture;
const unique = `矩阵-${Date.now().toString(36)}`;
const invoiceTitle = `${unique} 发票抬头`;
let paidOrder: Order;
let invoiceId: number;
let alipayPayment: PaymentView;
let serviceSku: SkuFixture;
let soldOutSku: SkuFixture;
let afterSaleOfA: AfterSale;
let uploadOfA: string;
/** An activation code of A: what 我的服务 (GET /licenses) shows A and never B. */
let codeMarker = '';

let conversationOfA = 0;
/** A's 在线客服 conversation (docs/support.md), made once. */
async function supportOfA(): Promise<string> {
  conversationOfA ||= (await startConversation(A.userId, { text: `${unique} 咨询`, productId: sku.productId })).id;
  return String(conversationOfA);
}

let messageSeq = 0;
/** A new 消息中心 message of A (docs/messages.md), its body carrying the matrix's marker; its id. */
async function messageOfA(): Promise<string> {
  const key = `${unique}-${++messageSeq}`;
  await withTx((tx) => notify(tx, A.userId, 'coupon_expiring', { coupon: `${unique} 券`, expiresAt: '12月31日 23:59' }, key));
  const [m] = await (await getDb()).select({ id: messages.id }).from(messages).where(eq(messages.sourceKey, `coupon_expiring:${key}`));
  return String(m.id);
}

async function newOrder(u = A): Promise<Order> {
  return ok<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: A.addressId, idempotencyKey: idemKey() }, { token: u.token }));
}

async function paid(): Promise<Order> {
  const o = await newOrder();
  expect(await markOrderPaid((await orderRow(o.orderNo)).id)).toBe(true);
  return o;
}

/** A paid order of A, marked received now (so 退货退款 and 换货 may be asked, and nothing is refunded at once). */
async function received(): Promise<Order> {
  const o = await paid();
  const db = await getDb();
  await db.update(orders).set({ status: 'completed', shippedAt: new Date(), completedAt: new Date() }).where(eq(orders.orderNo, o.orderNo));
  return o;
}

/** A paid order of A shipped with a waybill the demo carrier holds (its pushes go nowhere: the step is what counts). */
async function shippedAtDemoCarrier(): Promise<string> {
  const o = await paid();
  const trackingNo = `YT${o.orderNo.slice(-12)}`;
  const db = await getDb();
  const [row] = await db.update(orders).set({ status: 'shipped', shippedAt: new Date(), carrier: '圆通速递', trackingNo }).where(eq(orders.orderNo, o.orderNo)).returning({ id: orders.id });
  await db.insert(waybillSubscriptions).values({ orderId: row.id, carrierCode: 'yuantong', trackingNo, salt: 'matrix', destination: '安徽省合肥市' });
  await db.insert(sandboxParcels).values({ company: 'yuantong', number: trackingNo, callbackUrl: 'http://127.0.0.1:9/', route: ['合肥', '合肥'] });
  return o.orderNo;
}

/**
 * A 价保 claim of A that may be made (docs/rules.md#价保): a paid order of its own option with a payment
 * that succeeded, and the option's price lowered since. Its refund goes to a trade the demo gateway never
 * saw, so it stays 退款中: the claim's answer is what counts here.
 */
async function protectableLineOfA(): Promise<{ orderNo: string; orderItemId: number }> {
  const own = await makeSku({ priceFen: 10_000 });
  const o = await ok<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId: own.skuId, quantity: 1 }], addressId: A.addressId, idempotencyKey: idemKey() }, { token: A.token }));
  const orderId = (await orderRow(o.orderNo)).id;
  expect(await markOrderPaid(orderId)).toBe(true);
  const db = await getDb();
  await db.insert(payments).values({ paymentNo: `${Date.now()}${randomBytes(4).readUInt32BE() % 100_000_000}`.padEnd(22, '0').slice(0, 22), orderId, channel: 'wechat_native', amountFen: o.totalFen, status: 'succeeded', paidAt: new Date(), expiresAt: new Date(Date.now() + 60_000) });
  await db.insert(skuPriceHistory).values({ skuId: own.skuId, priceFen: 9_000, from: new Date(Date.now() + 1) });
  return { orderNo: o.orderNo, orderItemId: o.lines[0].id };
}

const afterSaleDraft = (o: Order, type = 'return_refund', reason = 'seven_days') => ({ orderNo: o.orderNo, type, reason, items: [{ orderItemId: o.lines[0].id, quantity: 1 }] });

/** A request of A (待审核), or put in `status` as the operator would have moved it. */
async function afterSaleOf(type = 'return_refund', status?: AfterSaleStatus): Promise<string> {
  const a = await ok<AfterSale>(aftersalesPost, req('POST', '/aftersales', afterSaleDraft(await received(), type, type === 'exchange' ? 'quality' : 'seven_days'), { token: A.token }));
  if (status) {
    const db = await getDb();
    await db.update(afterSales).set({ status }).where(eq(afterSales.afterSaleNo, a.afterSaleNo));
  }
  return a.afterSaleNo;
}

/** Tomorrow's first 上门取件 slot: always open. */
const tomorrowSlot = () => {
  const s = pickupSlots().find((x) => x.day === 'tomorrow')!;
  return { date: s.date, start: s.start };
};

/** An approved return of A with a courier booked at the demo carrier (上门取件). */
async function pickupOfA(): Promise<string> {
  const no = await afterSaleOf('return_refund', 'awaiting_return');
  await bookReturnPickup(A.userId, no, tomorrowSlot());
  return no;
}

function uploadForm(): FormData {
  const form = new FormData();
  form.set('file', new Blob([TINY_PNG], { type: 'image/png' }), 'photo.png');
  return form;
}

/** An unused activation code of A (a paid order of a service). */
async function codeOfA(): Promise<string> {
  const o = await ok<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId: serviceSku.skuId, quantity: 1 }], idempotencyKey: idemKey() }, { token: A.token }));
  expect(await markOrderPaid((await orderRow(o.orderNo)).id)).toBe(true);
  const db = await getDb();
  const [l] = await db.select({ code: licenses.code }).from(licenses).where(eq(licenses.orderId, (await orderRow(o.orderNo)).id));
  return l.code;
}

const subscriptionsOfA = new Map<string, string>();
/** An activated subscription of A to the seeded service SKU `code` (what 续费, 加席位 and 升级 act on), made once. */
async function subscriptionOfA(code: string): Promise<string> {
  const made = subscriptionsOfA.get(code);
  if (made) return made;
  const db = await getDb();
  const [sku] = await db.select({ id: skus.id }).from(skus).where(eq(skus.code, code));
  const o = await ok<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.id, quantity: 1 }], idempotencyKey: idemKey() }, { token: A.token }));
  const orderId = (await orderRow(o.orderNo)).id;
  expect(await markOrderPaid(orderId)).toBe(true);
  const [l] = await db.select({ code: licenses.code, subscriptionId: licenses.subscriptionId }).from(licenses).where(eq(licenses.orderId, orderId));
  await activateLicense(A.userId, l.code);
  subscriptionsOfA.set(code, String(l.subscriptionId));
  return String(l.subscriptionId);
}

/** A subscription of A in force (a paid service order's, its term started), for 自动续费; with `contract`, a contract of that state. */
async function subscriptionInForceOfA(contract?: 'active'): Promise<string> {
  const o = await ok<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId: serviceSku.skuId, quantity: 1 }], idempotencyKey: idemKey() }, { token: A.token }));
  const orderId = (await orderRow(o.orderNo)).id;
  expect(await markOrderPaid(orderId)).toBe(true);
  const db = await getDb();
  const now = Date.now();
  const [s] = await db
    .update(subscriptions)
    .set({ startsAt: new Date(now - 86_400_000), endsAt: new Date(now + 300 * 86_400_000) })
    .where(eq(subscriptions.orderId, orderId))
    .returning({ id: subscriptions.id });
  if (contract) {
    // Signed before, as the provider's notification leaves it; the demo WeChat has no such contract, which 解约 takes as ended.
    await db.insert(subscriptionContracts).values({ subscriptionId: s.id, userId: A.userId, channel: 'alipay', contractNo: `M${o.orderNo}`.slice(0, 32), providerContractId: `20${o.orderNo.slice(-18)}`, state: 'active', signedAt: new Date() });
  }
  return String(s.id);
}

/** The 60 s resend wait of SMS codes, passed (login just sent one to this phone). */
async function codeCooldownPassed(phone: string) {
  const db = await getDb();
  await db.update(smsCodes).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(smsCodes.phone, phone));
}

beforeAll(async () => {
  h = await startHarness();
  process.env.SITE_URL = h.origin;
  const a = await loginNew();
  A = { ...a, addressId: (await addAddress(a.token, { addressDetail: `${unique} 科学大道 1 号` })).id };
  B = await loginNew();
  await addAddress(B.token);
  sku = await makeSku({ stock: 500, priceFen: 19_900 });
  await ok(cartItemsPost, req('POST', '/cart/items', { skuId: sku.skuId, quantity: 1 }, { token: A.token }));
  paidOrder = await paid();
  const inv = await ok<{ id: number }>(invoicesPost, req('POST', '/invoices', { orderNo: paidOrder.orderNo, invoiceType: 'normal', titleType: 'personal', title: invoiceTitle, email: 'a@example.com' }, { token: A.token }));
  invoiceId = inv.id;
  await issueInvoice(invoiceId);
  serviceSku = await makeSku({ kind: 'service', priceFen: 36_000, stock: 500 });
  soldOutSku = await makeSku({ stock: 0 });
  await subscribeStockNotice(A.userId, soldOutSku.skuId);
  afterSaleOfA = await ok<AfterSale>(aftersalesPost, req('POST', '/aftersales', afterSaleDraft(await received()), { token: A.token }));
  const up = await uploadsPost(new Request('http://shop.test/api/v1/uploads', { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', token: A.token }, body: uploadForm() }), undefined);
  uploadOfA = ((await up.json()) as { data: { id: string } }).data.id;
  const pending = await newOrder();
  alipayPayment = await ok<PaymentView>(paymentsPost, req('POST', '/payments', { orderNo: pending.orderNo, channel: 'alipay_page' }, { token: A.token }));
});

afterAll(async () => {
  await h?.close();
});

async function cartLineOfA(): Promise<string> {
  const cart = await ok<{ items: { id: number }[] }>(cartItemsPost, req('POST', '/cart/items', { skuId: sku.skuId, quantity: 1 }, { token: A.token }));
  return String(cart.items[0].id);
}

/** A claimable coupon template no one has reached the end of (a fresh one each call). */
async function openTemplate(issue: 'claim' | 'code' = 'claim'): Promise<{ id: number; code: string }> {
  const db = await getDb();
  const code = `M${randomBytes(6).toString('hex').toUpperCase()}`;
  const [t] = await db
    .insert(couponTemplates)
    .values({ name: `${unique} 券`, kind: 'no_threshold', amountFen: 500, validityType: 'days', validDays: 7, perUserLimit: 5, issue, code: issue === 'code' ? code : null })
    .returning({ id: couponTemplates.id });
  return { id: t.id, code };
}

const reviewOf = (o: Order, content = '做工扎实，物流很快。') => ({ orderNo: o.orderNo, orderItemId: o.lines[0].id, rating: 5, content });

/** A review by A of a line of a received order. */
async function reviewIdOfA(content?: string): Promise<number> {
  const { POST } = await import('@/app/api/v1/reviews/route');
  return (await ok<{ id: number }>(POST, req('POST', '/reviews', reviewOf(await received(), content), { token: A.token }))).id;
}

const RULES: Record<string, Rule> = {
  'GET /coupons': { kind: 'public' },
  'POST /coupons/[id]/claim': { kind: 'account', setup: async () => ({ params: { id: String((await openTemplate()).id) } }) },
  'POST /coupons/redeem': { kind: 'account', setup: async () => ({ body: { code: (await openTemplate('code')).code } }) },
  'GET /user/coupons': {
    kind: 'mine',
    marker: () => `${unique} 券`,
    setup: async () => {
      const { POST } = await import('@/app/api/v1/coupons/[id]/claim/route');
      const t = await openTemplate();
      await ok(POST, req('POST', `/coupons/${t.id}/claim`, {}, { token: A.token }), ctx({ id: t.id }));
      return {};
    },
  },
  'GET /addresses': { kind: 'mine', marker: () => unique },
  'POST /addresses': { kind: 'account', setup: async () => ({ body: ADDRESS }) },
  'GET /addresses/[id]': { kind: 'owned', setup: async () => ({ params: { id: String(A.addressId) } }) },
  'PUT /addresses/[id]': { kind: 'owned', setup: async () => ({ params: { id: String(A.addressId) }, body: { ...ADDRESS, addressDetail: `${unique} 科学大道 1 号` } }) },
  'DELETE /addresses/[id]': { kind: 'owned', setup: async () => ({ params: { id: String((await addAddress(A.token)).id) } }) },

  'POST /auth/sms-code': { kind: 'public', setup: async () => ({ body: { phone: newPhone() } }) },
  'POST /auth/login': {
    kind: 'public',
    setup: async () => {
      const phone = newPhone();
      const { devCode } = await ok<{ devCode: string }>(smsCodePost, req('POST', '/auth/sms-code', { phone }));
      return { body: { phone, code: devCode, agree: true } };
    },
  },
  'POST /auth/logout': { kind: 'public' },

  'GET /cart': { kind: 'public' },
  'POST /cart/items': { kind: 'public', setup: async () => ({ body: { skuId: sku.skuId, quantity: 1 } }) },
  'PATCH /cart/select': { kind: 'public', setup: async () => ({ body: { selected: true } }) },
  'PATCH /cart/items/[id]': { kind: 'owned', anonymous: 404, setup: async () => ({ params: { id: await cartLineOfA() }, body: { quantity: 2 } }) },
  'DELETE /cart/items/[id]': { kind: 'owned', anonymous: 404, setup: async () => ({ params: { id: await cartLineOfA() } }) },

  'GET /aftersales': { kind: 'mine', marker: () => afterSaleOfA.afterSaleNo },
  'POST /aftersales': { kind: 'owned', setup: async () => ({ body: afterSaleDraft(await received()) }) },
  'POST /aftersales/preview': { kind: 'owned', setup: async () => ({ body: afterSaleDraft(await received()) }) },
  'GET /aftersales/[afterSaleNo]': { kind: 'owned', setup: async () => ({ params: { afterSaleNo: afterSaleOfA.afterSaleNo } }) },
  'GET /aftersales/[afterSaleNo]/tracking': { kind: 'owned', setup: async () => ({ params: { afterSaleNo: afterSaleOfA.afterSaleNo } }) },
  'POST /aftersales/[afterSaleNo]/cancel': { kind: 'owned', setup: async () => ({ params: { afterSaleNo: await afterSaleOf() } }) },
  'POST /aftersales/[afterSaleNo]/return-shipment': {
    kind: 'owned',
    setup: async () => ({ params: { afterSaleNo: await afterSaleOf('return_refund', 'awaiting_return') }, body: { carrier: '中通快递', trackingNo: 'ZT7800000001' } }),
  },
  'POST /aftersales/[afterSaleNo]/confirm': { kind: 'owned', setup: async () => ({ params: { afterSaleNo: await afterSaleOf('exchange', 'reshipped') } }) },
  // 上门取件 (docs/after-sales.md#pickup): A's approved return; A books, cancels and (demo) moves the courier.
  'GET /aftersales/[afterSaleNo]/pickup': { kind: 'owned', setup: async () => ({ params: { afterSaleNo: afterSaleOfA.afterSaleNo } }) },
  'POST /aftersales/[afterSaleNo]/pickup': { kind: 'owned', setup: async () => ({ params: { afterSaleNo: await afterSaleOf('return_refund', 'awaiting_return') }, body: tomorrowSlot() }) },
  'POST /aftersales/[afterSaleNo]/pickup/cancel': { kind: 'owned', setup: async () => ({ params: { afterSaleNo: await pickupOfA() } }) },
  'POST /aftersales/[afterSaleNo]/pickup/advance': { kind: 'owned', setup: async () => ({ params: { afterSaleNo: await pickupOfA() } }) },
  'GET /orders/[orderNo]/aftersale': { kind: 'owned', setup: async () => ({ params: { orderNo: paidOrder.orderNo } }) },
  'GET /price-protect': { kind: 'mine', marker: () => paidOrder.orderNo },
  'GET /price-protect/preview': { kind: 'owned', setup: async () => ({ query: `?orderNo=${paidOrder.orderNo}&orderItemId=${paidOrder.lines[0].id}` }) },
  'POST /price-protect': { kind: 'owned', setup: async () => ({ body: await protectableLineOfA() }) },
  'POST /price-protect/all': { kind: 'account' },
  'POST /uploads': { kind: 'account', setup: async () => ({ form: uploadForm() }) },
  'GET /uploads/[id]': { kind: 'owned', setup: async () => ({ params: { id: uploadOfA } }) },
  'POST /licenses/[code]/activate': { kind: 'owned', setup: async () => ({ params: { code: await codeOfA() } }) },
  'POST /subscriptions/[id]/renew': { kind: 'owned', setup: async () => ({ params: { id: await subscriptionOfA('MAIL-P-1Y') }, body: { years: 1 } }) },
  'POST /subscriptions/[id]/seats': { kind: 'owned', setup: async () => ({ params: { id: await subscriptionOfA('MAIL-E-1Y') }, body: { add: 2 } }) },
  'POST /subscriptions/[id]/upgrade': { kind: 'owned', setup: async () => ({ params: { id: await subscriptionOfA('MAIL-P-1Y') } }) },
  // 自动续费 (docs/subscriptions.md#自动续费): only A opens or closes it on A's subscription.
  'POST /subscriptions/[id]/auto-renew': { kind: 'owned', setup: async () => ({ params: { id: await subscriptionInForceOfA() }, body: { channel: 'wechat' } }) },
  'DELETE /subscriptions/[id]/auto-renew': { kind: 'owned', setup: async () => ({ params: { id: await subscriptionInForceOfA('active') } }) },

  // 评价 (docs/reviews.md): a line of A's received order; 我的评价 shows A's text to A only.
  'POST /reviews': { kind: 'owned', setup: async () => ({ body: reviewOf(await received()) }) },
  'POST /reviews/[id]/append': { kind: 'owned', setup: async () => ({ params: { id: String(await reviewIdOfA()) }, body: { content: '用了一个月，依然好用。' } }) },
  'GET /user/reviews': { kind: 'mine', marker: () => `${unique} 评价`, setup: async () => (await reviewIdOfA(`${unique} 评价`), {}) },

  'GET /categories': { kind: 'public' },
  'GET /health': { kind: 'public' },
  'GET /products': { kind: 'public', setup: async () => ({ query: '?page=1&pageSize=10' }) },
  'GET /search/suggest': { kind: 'public', setup: async () => ({ query: '?q=%E9%87%8F%E5%AD%90' }) },
  'GET /search/suggest/[q]': { kind: 'public', setup: async () => ({ params: { q: '量子' } }) },
  'GET /search/popular': { kind: 'public' },
  'POST /search/log': { kind: 'public', setup: async () => ({ body: { q: '耳机' } }) },
  'GET /products/[id]': { kind: 'public', setup: async () => ({ params: { id: '10909' } }) },
  'GET /products/[id]/reviews': { kind: 'public', setup: async () => ({ params: { id: '10909' } }) },
  'POST /leads': { kind: 'public', setup: async () => ({ body: { name: '刘工', company: '量子测试公司', phone: '13812345678', product: '量子邮箱', message: '' } }) },

  'GET /invoice-titles': { kind: 'mine', marker: () => invoiceTitle },
  'DELETE /invoice-titles/[id]': {
    kind: 'owned',
    setup: async () => {
      const db = await getDb();
      const [t] = await db.insert(invoiceTitles).values({ userId: A.userId, titleType: 'personal', title: `${unique} 待删抬头`, taxNo: '' }).returning({ id: invoiceTitles.id });
      return { params: { id: String(t.id) } };
    },
  },
  'GET /invoices': { kind: 'mine', marker: () => invoiceTitle },
  'POST /invoices': {
    kind: 'owned',
    setup: async () => ({ body: { orderNo: (await paid()).orderNo, invoiceType: 'normal', titleType: 'personal', title: '王小明', email: 'a@example.com' } }),
  },
  'GET /invoices/[id]': { kind: 'owned', setup: async () => ({ params: { id: String(invoiceId) } }) },
  'GET /invoices/[id]/pdf': { kind: 'owned', setup: async () => ({ params: { id: String(invoiceId) } }) },

  // A's orders include those the after-sales rules make: the whole list, not its first 10.
  'GET /orders': { kind: 'mine', marker: () => paidOrder.orderNo, setup: async () => ({ query: '?pageSize=100' }) },
  'POST /orders': { kind: 'owned', setup: async () => ({ body: { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: A.addressId, idempotencyKey: idemKey() } }) },
  'POST /orders/preview': { kind: 'owned', setup: async () => ({ body: { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: A.addressId } }) },
  'GET /orders/[orderNo]': { kind: 'owned', setup: async () => ({ params: { orderNo: paidOrder.orderNo } }) },
  'GET /orders/[orderNo]/tracking': { kind: 'owned', setup: async () => ({ params: { orderNo: paidOrder.orderNo } }) },
  'POST /orders/[orderNo]/tracking/advance': { kind: 'owned', setup: async () => ({ params: { orderNo: await shippedAtDemoCarrier() } }) },
  'POST /orders/[orderNo]/cancel': { kind: 'owned', setup: async () => ({ params: { orderNo: (await newOrder()).orderNo }, body: { reason: '不想要了' } }) },
  'POST /orders/[orderNo]/rebuy': { kind: 'owned', setup: async () => ({ params: { orderNo: (await newOrder()).orderNo } }) },
  'DELETE /orders/[orderNo]': {
    kind: 'owned',
    setup: async () => {
      const o = await newOrder();
      await patchOrder(o.orderNo, { status: 'cancelled', cancelledAt: new Date() });
      return { params: { orderNo: o.orderNo } };
    },
  },
  'GET /licenses': {
    kind: 'mine',
    marker: () => codeMarker,
    setup: async () => {
      codeMarker ||= await codeOfA();
      return {};
    },
  },
  // 我的服务 (docs/subscriptions.md): A's subscriptions list A's codes, and one of them is A's alone.
  'GET /subscriptions': {
    kind: 'mine',
    marker: () => codeMarker,
    setup: async () => {
      codeMarker ||= await codeOfA();
      return {};
    },
  },
  'GET /subscriptions/[id]': { kind: 'owned', setup: async () => ({ params: { id: await subscriptionOfA('MAIL-P-1Y') } }) },
  'POST /orders/[orderNo]/confirm': {
    kind: 'owned',
    setup: async () => {
      const o = await paid();
      await patchOrder(o.orderNo, { status: 'shipped', shippedAt: new Date(), carrier: '顺丰速运', trackingNo: 'SF1000000001' });
      return { params: { orderNo: o.orderNo } };
    },
  },

  'POST /payments': { kind: 'owned', setup: async () => ({ body: { orderNo: (await newOrder()).orderNo, channel: 'alipay_page' } }) },
  'GET /payments/[paymentNo]': { kind: 'owned', setup: async () => ({ params: { paymentNo: alipayPayment.paymentNo } }) },
  'GET /payform/alipay/[paymentNo]': { kind: 'owned', setup: async () => ({ params: { paymentNo: alipayPayment.paymentNo } }) },
  'GET /entitlements/[code]': { kind: 'app', setup: async () => ({ params: { code: await codeOfA() } }) },
  'POST /payments/notify/wechat': { kind: 'provider', body: '{"id":"forged","event_type":"TRANSACTION.SUCCESS"}', contentType: 'application/json' },
  'POST /carrier/notify/kuaidi100-border': { kind: 'provider', body: `taskId=T1&param=${encodeURIComponent('{"kuaidinum":"SF1","data":{"status":"10"}}')}&sign=forged`, contentType: 'application/x-www-form-urlencoded' },
  'POST /carrier/notify/kuaidi100': { kind: 'provider', body: `param=${encodeURIComponent('{"lastResult":{"com":"yuantong","nu":"YT1","state":"3","data":[]}}')}&sign=forged`, contentType: 'application/x-www-form-urlencoded' },
  'POST /contracts/notify/wechat': { kind: 'provider', body: '{"id":"forged","event_type":"ENTRUST.SIGN"}', contentType: 'application/json' },
  'POST /contracts/notify/alipay': { kind: 'provider', body: 'notify_type=dut_user_sign&external_agreement_no=1&agreement_no=2&sign=forged', contentType: 'application/x-www-form-urlencoded' },
  'POST /payments/notify/alipay': { kind: 'provider', body: `out_trade_no=${'1'.repeat(22)}&trade_status=TRADE_SUCCESS&sign=forged`, contentType: 'application/x-www-form-urlencoded' },

  'GET /stock-notices': { kind: 'mine', marker: () => `"skuId":${soldOutSku.skuId},` },
  'PUT /stock-notices/[id]': { kind: 'account', setup: async () => ({ params: { id: String(soldOutSku.skuId) } }) },
  'DELETE /stock-notices/[id]': { kind: 'account', setup: async () => ({ params: { id: String(soldOutSku.skuId) } }) },

  'GET /favorites': { kind: 'mine', marker: () => `"productId":${sku.productId},`, setup: async () => (await addFavorite(A.userId, sku.productId), {}) },
  'DELETE /favorites': { kind: 'account', setup: async () => ({ body: { productIds: [sku.productId] } }) },
  'GET /favorites/[id]': { kind: 'mine', marker: () => '"favorite":true', setup: async () => (await addFavorite(A.userId, sku.productId), { params: { id: String(sku.productId) } }) },
  'PUT /favorites/[id]': { kind: 'account', setup: async () => ({ params: { id: String(sku.productId) } }) },
  'DELETE /favorites/[id]': { kind: 'account', setup: async () => ({ params: { id: String(sku.productId) } }) },
  'GET /user/history': { kind: 'mine', marker: () => `"productId":${sku.productId},`, setup: async () => (await recordView(A.userId, { productId: sku.productId }), {}) },
  'POST /user/history': { kind: 'account', setup: async () => ({ body: { productId: sku.productId } }) },
  'DELETE /user/history': { kind: 'account' },

  'GET /user/profile': { kind: 'mine', marker: () => `${A.phone.slice(0, 3)}****${A.phone.slice(7)}` },
  'PUT /user/profile': { kind: 'account', setup: async () => ({ body: { nickname: '小明', email: 'ming@example.com' } }) },
  'POST /user/password-code': {
    kind: 'account',
    setup: async (u) => {
      await codeCooldownPassed(u.phone);
      return {};
    },
  },
  'PUT /user/password': {
    kind: 'account',
    setup: async (u) => {
      await codeCooldownPassed(u.phone);
      const { POST } = await import('@/app/api/v1/user/password-code/route');
      const { devCode } = await ok<{ devCode: string }>(POST, req('POST', '/user/password-code', {}, { token: u.token }));
      return { body: { code: devCode, newPassword: 'quantum2026' } };
    },
  },
  'POST /user/deregister-code': {
    kind: 'account',
    setup: async (u) => {
      await codeCooldownPassed(u.phone);
      return {};
    },
  },
  'POST /user/deregister': {
    kind: 'account',
    setup: async (u) => {
      await codeCooldownPassed(u.phone);
      const { POST } = await import('@/app/api/v1/user/deregister-code/route');
      const { devCode } = await ok<{ devCode: string }>(POST, req('POST', '/user/deregister-code', {}, { token: u.token }));
      return { body: { code: devCode } };
    },
  },
  'GET /site': { kind: 'public' },

  // 在线客服 (docs/support.md): A's conversation; its lines, a new line and its stream are A's alone.
  'GET /support/conversations': { kind: 'mine', marker: () => `${unique} 咨询`, setup: async () => (await supportOfA(), {}) },
  'POST /support/conversations': { kind: 'account', setup: async () => ({ body: { text: '请问什么时候发货？' } }) },
  'GET /support/conversations/[id]/messages': { kind: 'owned', setup: async () => ({ params: { id: await supportOfA() } }) },
  'POST /support/conversations/[id]/messages': { kind: 'owned', setup: async () => ({ params: { id: await supportOfA() }, body: { text: '还在吗？' } }) },
  'GET /support/conversations/[id]/stream': { kind: 'owned', setup: async () => ({ params: { id: await supportOfA() } }) },
  'GET /support/unread': { kind: 'account' },

  // 消息中心 (docs/messages.md#api): A's messages are listed, counted, marked and deleted for A alone.
  'GET /messages': { kind: 'mine', marker: () => unique, setup: async () => (await messageOfA(), {}) },
  'GET /messages/unread': { kind: 'account' },
  'POST /messages/read': { kind: 'account', setup: async () => ({ body: { all: true } }) },
  'DELETE /messages/[id]': { kind: 'owned', setup: async () => ({ params: { id: await messageOfA() } }) },
  'GET /messages/settings': { kind: 'account' },
  'PUT /messages/settings': { kind: 'account', setup: async () => ({ body: { sms: { trade: true, aftersale: true, promotion: true, service: false } } }) },
};

const ruleFor = (r: RouteHandler): Rule | undefined => (r.pattern.startsWith('/admin/') ? { kind: 'operator' } : RULES[`${r.method} ${r.pattern}`]);

/** resultCode → HTTP status (416 goes out as 401), for envelope and raw routes alike. */
const http = (code: number) => (code === 416 ? 401 : code);

async function callAs(r: RouteHandler, c: Case, token?: string): Promise<{ status: number; text: string }> {
  const params = c.params ?? Object.fromEntries(r.segments.map((s) => [s, '1']));
  const url = `${fillPattern(r.pattern, params)}${c.query ?? ''}`;
  const request = c.form
    ? new Request(`http://shop.test/api/v1${url}`, { method: r.method, headers: { 'x-requested-with': 'XMLHttpRequest', ...(token ? { token } : {}) }, body: c.form })
    : req(r.method, url, r.method === 'GET' ? undefined : (c.body ?? {}), { token });
  const res = await r.handler(request, { params: Promise.resolve(params) });
  const type = res.headers.get('content-type') ?? '';
  // A stream (客服's server-sent events) never ends by itself: its status is what counts here.
  const text = type.includes('pdf') ? '%PDF' : type.includes('event-stream') ? (await res.body?.cancel(), 'stream') : await res.text();
  expect(res.status, `${r.method} ${url}: no 5xx (${text.slice(0, 120)})`).toBeLessThan(500);
  return { status: res.status, text };
}

describe('the ownership matrix of /api/v1', () => {
  it('has a rule for every handler on disk, and no rule for a handler that is gone', async () => {
    const handlers = await apiHandlers();
    expect(handlers.length).toBeGreaterThan(40);
    const missing = handlers.filter((r) => !ruleFor(r)).map((r) => `${r.method} ${r.pattern}`);
    expect(missing, 'give each new route a rule in RULES').toEqual([]);
    const names = new Set(handlers.map((r) => `${r.method} ${r.pattern}`));
    expect(Object.keys(RULES).filter((k) => !names.has(k))).toEqual([]);
  });

  // Every route three times over, each with its own setup: longer than one test's 20 s on a busy machine.
  it('anonymous 416 · other shopper 404 · owner 200 (and the like for every other kind)', async () => {
    const rows: string[] = [];
    for (const r of await apiHandlers()) {
      const rule = ruleFor(r)!;
      const name = `${r.method} ${r.pattern}`;
      if (rule.kind === 'operator') {
        expect((await callAs(r, {})).status, `${name} anonymous`).toBe(http(416));
        expect((await callAs(r, {}, B.token)).status, `${name} shopper`).toBe(403);
      } else if (rule.kind === 'provider') {
        const res = await r.handler(new Request(`http://shop.test/api/v1${r.pattern}`, { method: 'POST', headers: { 'content-type': rule.contentType }, body: rule.body }), undefined);
        expect(res.status, `${name} forged`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(await res.text()).not.toBe('success');
      } else if (rule.kind === 'app') {
        const c = await rule.setup();
        expect((await callAs(r, c)).status, `${name} anonymous`).toBe(401);
        expect((await callAs(r, c, A.token)).status, `${name} the code's owner without the app's signature`).toBe(401);
      } else if (rule.kind === 'public') {
        const res = await callAs(r, (await rule.setup?.()) ?? {});
        expect(res.status, `${name} anonymous: ${res.text.slice(0, 120)}`).toBe(200);
      } else if (rule.kind === 'account') {
        const fresh = await loginNew();
        expect((await callAs(r, (await rule.setup?.(fresh)) ?? {})).status, `${name} anonymous`).toBe(http(416));
        const res = await callAs(r, (await rule.setup?.(fresh)) ?? {}, fresh.token);
        expect(res.status, `${name} as themself: ${res.text.slice(0, 120)}`).toBe(200);
      } else if (rule.kind === 'mine') {
        const c = (await rule.setup?.()) ?? {};
        expect((await callAs(r, c)).status, `${name} anonymous`).toBe(http(416));
        const other = await callAs(r, c, B.token);
        expect(other.status, `${name} other shopper`).toBe(200);
        expect(other.text, `${name} leaks the owner's data`).not.toContain(rule.marker());
        const own = await callAs(r, c, A.token);
        expect(own.status).toBe(200);
        expect(own.text, `${name} shows the owner their data`).toContain(rule.marker());
      } else {
        const c = await rule.setup();
        expect((await callAs(r, c)).status, `${name} anonymous`).toBe(http(rule.anonymous ?? 416));
        const other = await callAs(r, c, B.token);
        expect(other.status, `${name} other shopper: ${other.text.slice(0, 120)}`).toBe(404);
        const own = await callAs(r, c, A.token);
        expect(own.status, `${name} owner: ${own.text.slice(0, 160)}`).toBe(200);
      }
      rows.push(`${rule.kind.padEnd(8)} ${name}`);
    }
    expect(rows.length).toBe((await apiHandlers()).length);
  }, 60_000);
});
