/**
 * Shared by the after-sales API tests: shoppers who buy, pay through the demo gateway (WeChat Native
 * over the HTTP harness, as a phone would), get their goods shipped by an operator and confirm
 * receipt; the shopper's and the console's after-sales calls; the rows behind them; tiny real images;
 * a recording SMS provider.
 *
 * Refunds: the demo gateways' own refunds are exercised end to end in after-sales-gateway.test.ts.
 * The other files answer the provider's refund call with the refund desk below (a spy on the provider
 * objects, every request recorded), so that what they prove — the after-sales rules, amounts and
 * moves — does not depend on the gateway's timing: 'instant' answers 'succeeded' at once (as Alipay
 * does), 'later' answers 'processing' and the test settles it (as WeChat's notification would),
 * 'gateway' passes the call on to the demo gateway.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import { DAY_MS } from '@/lib/domain/shop-time';

process.env.DATA_DIR ||= mkdtempSync(path.join(tmpdir(), 'shop-aftersale-'));

import { GET as aftersalesGet, POST as aftersalesPost } from '@/app/api/v1/aftersales/route';
import { GET as afterSaleGet } from '@/app/api/v1/aftersales/[afterSaleNo]/route';
import { POST as cancelPost } from '@/app/api/v1/aftersales/[afterSaleNo]/cancel/route';
import { POST as confirmPost } from '@/app/api/v1/aftersales/[afterSaleNo]/confirm/route';
import { POST as returnShipmentPost } from '@/app/api/v1/aftersales/[afterSaleNo]/return-shipment/route';
import { POST as previewPost } from '@/app/api/v1/aftersales/preview/route';
import { GET as adminListGet } from '@/app/api/v1/admin/aftersales/route';
import { GET as adminGet } from '@/app/api/v1/admin/aftersales/[afterSaleNo]/route';
import { POST as approvePost } from '@/app/api/v1/admin/aftersales/[afterSaleNo]/approve/route';
import { POST as receivePost } from '@/app/api/v1/admin/aftersales/[afterSaleNo]/receive/route';
import { POST as rejectPost } from '@/app/api/v1/admin/aftersales/[afterSaleNo]/reject/route';
import { POST as reshipPost } from '@/app/api/v1/admin/aftersales/[afterSaleNo]/reship/route';
import { POST as retryRefundPost } from '@/app/api/v1/admin/aftersales/[afterSaleNo]/refund/route';
import { POST as shipPost } from '@/app/api/v1/admin/orders/[orderNo]/ship/route';
import { POST as activatePost } from '@/app/api/v1/licenses/[code]/activate/route';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { GET as orderGet } from '@/app/api/v1/orders/[orderNo]/route';
import { GET as optionsGet } from '@/app/api/v1/orders/[orderNo]/aftersale/route';
import { POST as orderCancelPost } from '@/app/api/v1/orders/[orderNo]/cancel/route';
import { POST as orderConfirmPost } from '@/app/api/v1/orders/[orderNo]/confirm/route';
import { POST as paymentsPost } from '@/app/api/v1/payments/route';
import { GET as payformGet } from '@/app/api/v1/payform/alipay/[paymentNo]/route';
import { POST as uploadsPost } from '@/app/api/v1/uploads/route';
import { GET as uploadGet } from '@/app/api/v1/uploads/[id]/route';
import type { AfterSaleReason, AfterSaleType } from '@/lib/domain/after-sale';
import { getDb } from '@/lib/server/db/client';
import type { Page } from '@/lib/server/db/paged';
import { afterSaleEvents, afterSaleItems, afterSales, licenses, orderItems, orders, payments, refunds } from '@/lib/server/db/schema';
import { alipay } from '@/lib/server/payments/alipay';
import type { RefundRequest, RefundState } from '@/lib/server/payments/types';
import { wechatPay } from '@/lib/server/payments/wechat';
import type { AdminAfterSaleList } from '@/lib/server/modules/after-sales';
import type { AdminAfterSale } from '@/lib/server/views/console-after-sales';
import type { AfterSaleOptions } from '@/lib/server/modules/after-sales';
import type { AfterSale, AfterSaleSummary } from '@/lib/server/modules/after-sales';
import type { Order } from '@/lib/server/views/orders-detail';
import type { PaymentView } from '@/lib/server/modules/payment';
import { setSmsProvider, type SmsMessage } from '@/lib/server/sms/provider';
import { BASE, envelope, type Envelope } from './helpers';
import { eventually, startHarness, type Harness } from './http-harness';
import { call, ctx, idemKey, nextIp, orderRow, req, type Buyer, type Shopper, type SkuFixture } from './session';

import { loginOperator } from './admin-session';

export { loginOperator };

// ------------------------------------------------------------------ the demo gateway (payments)

let harness: Harness | undefined;

/** The HTTP harness the demo gateway pays through (and posts its notifications to), for this file. */
export function withGateway(): { origin: () => string } {
  beforeAll(async () => {
    harness = await startHarness();
    process.env.SITE_URL = harness.origin;
  });
  afterAll(async () => {
    await harness?.close();
  });
  return { origin: () => harness!.origin };
}

export type RefundMode = 'instant' | 'later' | 'refused' | 'gateway';

/** What the provider was asked to refund, and how the desk answers now. */
export const refundDesk = { mode: 'instant' as RefundMode, calls: [] as RefundRequest[] };

/** Installs the refund desk on both providers for this file (see the header). */
export function withRefundDesk(): void {
  beforeAll(() => {
    for (const provider of [wechatPay, alipay] as const) {
      const real = provider.refund.bind(provider);
      vi.spyOn(provider, 'refund').mockImplementation(async (r: RefundRequest): Promise<RefundState> => {
        refundDesk.calls.push(r);
        if (refundDesk.mode === 'gateway') return real(r);
        return refundDesk.mode === 'instant' ? 'succeeded' : refundDesk.mode === 'refused' ? 'failed' : 'processing';
      });
    }
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });
}

/** The "phone": opens the code_url and presses 确认支付 (the gateway then notifies the shop). */
async function confirmOnPhone(codeUrl: string) {
  const url = new URL(codeUrl);
  const res = await fetch(`${url.origin}${url.pathname}/confirm`, { method: 'POST', body: new URLSearchParams(), redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(res.status).toBe(303);
}

// ------------------------------------------------------------------ shoppers and orders

export { buyer, type Buyer } from './session';

export const readOrder = async (u: Shopper, orderNo: string) => expectOk(call<Order>(orderGet, req('GET', `/orders/${orderNo}`, undefined, { token: u.token }), ctx({ orderNo })));

/** Places an order of these lines (unpaid). */
export async function placeOrder(u: Buyer, lines: { sku: SkuFixture; quantity?: number }[]): Promise<Order> {
  const body = { items: lines.map((l) => ({ skuId: l.sku.skuId, quantity: l.quantity ?? 1 })), addressId: u.addressId, idempotencyKey: idemKey() };
  return expectOk(call<Order>(ordersPost, req('POST', '/orders', body, { token: u.token })));
}

/** Pays the order through the demo gateway (WeChat Native): the order is paid (or completed, for codes) when this returns. */
export async function payOrder(u: Shopper, orderNo: string): Promise<Order> {
  const p = await expectOk(call<PaymentView>(paymentsPost, req('POST', '/payments', { orderNo, channel: 'wechat_native' }, { token: u.token })));
  await confirmOnPhone(p.codeUrl!);
  expect(await eventually(async () => (await orderRow(orderNo)).status !== 'pending_payment')).toBe(true);
  return readOrder(u, orderNo);
}

/** Pays the order through the demo Alipay (page pay): the pay form, the cashier, 确认付款; paid when this returns. */
export async function payOrderAlipay(u: Shopper, orderNo: string): Promise<Order> {
  const p = await expectOk(call<PaymentView>(paymentsPost, req('POST', '/payments', { orderNo, channel: 'alipay_page' }, { token: u.token })));
  const res = await payformGet(req('GET', `/payform/alipay/${p.paymentNo}`, undefined, { cookie: `auth-token=${u.token}` }), ctx({ paymentNo: p.paymentNo }));
  expect(res.status).toBe(200);
  const html = await res.text();
  const action = /<form action="([^"]+)"/.exec(html)![1].replace(/&amp;/g, '&');
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)" \/>/g)) fields.set(m[1], m[2].replace(/&quot;/g, '"'));
  const toCashier = await fetch(action, { method: 'POST', body: fields, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(toCashier.status).toBe(303);
  const cashier = new URL(toCashier.headers.get('location')!);
  const paid = await fetch(`${cashier.origin}${cashier.pathname}/pay`, { method: 'POST', body: new URLSearchParams(), redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(paid.status).toBe(303);
  expect(await eventually(async () => (await orderRow(orderNo)).status !== 'pending_payment')).toBe(true);
  return readOrder(u, orderNo);
}

export const shipOrder = (op: Shopper, orderNo: string) =>
  expectOk(call(shipPost, req('POST', `/admin/orders/${orderNo}/ship`, { carrier: '顺丰速运', trackingNo: `SF${Date.now()}` }, { token: op.token }), ctx({ orderNo })));

export const confirmReceipt = (u: Shopper, orderNo: string) => expectOk(call<Order>(orderConfirmPost, req('POST', `/orders/${orderNo}/confirm`, {}, { token: u.token }), ctx({ orderNo })));

export const cancelOrder = (u: Shopper, orderNo: string) => call<Order>(orderCancelPost, req('POST', `/orders/${orderNo}/cancel`, { reason: '不想要了' }, { token: u.token }), ctx({ orderNo }));

export type Stage = 'paid' | 'shipped' | 'completed';

/** An order of these lines taken to a stage: paid (待发货), shipped (待收货) or completed (已完成, received). */
export async function bought(u: Buyer, op: Shopper, lines: { sku: SkuFixture; quantity?: number }[], stage: Stage = 'paid'): Promise<Order> {
  const placed = await placeOrder(u, lines);
  let o = await payOrder(u, placed.orderNo);
  if (stage === 'paid' || o.kind === 'service') return o;
  await shipOrder(op, o.orderNo);
  if (stage === 'completed') await confirmReceipt(u, o.orderNo);
  o = await readOrder(u, o.orderNo);
  expect(o.status).toBe(stage);
  return o;
}

// ------------------------------------------------------------------ calling the routes

type Called<T> = Promise<{ res: Response; body: Envelope<T> }>;

/** Expects resultCode 200; the data. */
export async function expectOk<T>(p: Called<T>): Promise<T> {
  const { body } = await p;
  expect(body.resultCode, body.message).toBe(200);
  return body.data as T;
}

/** Expects this resultCode (and no data); the message. */
export async function expectFail(code: number, p: Called<unknown>): Promise<string> {
  const { body } = await p;
  expect(body.resultCode, body.message).toBe(code);
  expect(body.data ?? null).toBeNull();
  return body.message;
}

export type Draft = { orderNo: string; type: AfterSaleType; reason: AfterSaleReason; items: { orderItemId: number; quantity: number }[]; description?: string; imageIds?: string[] };

/** A request of `type` for `reason` of these lines (index in the order → units). */
export function draft(o: Order, type: AfterSaleType, reason: AfterSaleReason, items: [line: number, quantity: number][], extra: Partial<Draft> = {}): Draft {
  return { orderNo: o.orderNo, type, reason, items: items.map(([i, quantity]) => ({ orderItemId: o.lines[i].id, quantity })), ...extra };
}

const t = (u: Shopper) => ({ token: u.token });

export const shopper = {
  options: (u: Shopper, orderNo: string) => call<AfterSaleOptions>(optionsGet, req('GET', `/orders/${orderNo}/aftersale`, undefined, t(u)), ctx({ orderNo })),
  preview: (u: Shopper, d: unknown) => call<{ items: { orderItemId: number; quantity: number; refundFen: number }[]; shippingFen: number; refundFen: number }>(previewPost, req('POST', '/aftersales/preview', d, t(u))),
  create: (u: Shopper, d: unknown) => call<AfterSale>(aftersalesPost, req('POST', '/aftersales', d, t(u))),
  list: (u: Shopper, query = '') => call<Page<AfterSaleSummary>>(aftersalesGet, req('GET', `/aftersales${query}`, undefined, t(u))),
  get: (u: Shopper, no: string) => call<AfterSale>(afterSaleGet, req('GET', `/aftersales/${no}`, undefined, t(u)), ctx({ afterSaleNo: no })),
  cancel: (u: Shopper, no: string) => call<AfterSale>(cancelPost, req('POST', `/aftersales/${no}/cancel`, {}, t(u)), ctx({ afterSaleNo: no })),
  returnShipment: (u: Shopper, no: string, body: unknown = { carrier: '中通快递', trackingNo: 'ZT7800000001' }) =>
    call<AfterSale>(returnShipmentPost, req('POST', `/aftersales/${no}/return-shipment`, body, t(u)), ctx({ afterSaleNo: no })),
  confirm: (u: Shopper, no: string) => call<AfterSale>(confirmPost, req('POST', `/aftersales/${no}/confirm`, {}, t(u)), ctx({ afterSaleNo: no })),
  activate: (u: Shopper, code: string) => call<{ code: string; activatedAt: string; validUntil: string }>(activatePost, req('POST', `/licenses/${code}/activate`, {}, t(u)), ctx({ code })),
};

/** The console's calls (an operator's token). */
export const desk = {
  list: (op: Shopper, query = '') => call<AdminAfterSaleList>(adminListGet, req('GET', `/admin/aftersales${query}`, undefined, t(op))),
  get: (op: Shopper, no: string) => call<AdminAfterSale>(adminGet, req('GET', `/admin/aftersales/${no}`, undefined, t(op)), ctx({ afterSaleNo: no })),
  approve: (op: Shopper, no: string) => call<AdminAfterSale>(approvePost, req('POST', `/admin/aftersales/${no}/approve`, {}, t(op)), ctx({ afterSaleNo: no })),
  reject: (op: Shopper, no: string, reason: unknown = '图片显示商品已拆封使用，不符合退换条件') =>
    call<AdminAfterSale>(rejectPost, req('POST', `/admin/aftersales/${no}/reject`, reason === undefined ? {} : { reason }, t(op)), ctx({ afterSaleNo: no })),
  receive: (op: Shopper, no: string, restock: unknown) => call<AdminAfterSale>(receivePost, req('POST', `/admin/aftersales/${no}/receive`, { restock }, t(op)), ctx({ afterSaleNo: no })),
  reship: (op: Shopper, no: string, body: unknown = { carrier: '京东物流', trackingNo: 'JD0012345678901' }) =>
    call<AdminAfterSale>(reshipPost, req('POST', `/admin/aftersales/${no}/reship`, body, t(op)), ctx({ afterSaleNo: no })),
  retryRefund: (op: Shopper, no: string) => call<AdminAfterSale>(retryRefundPost, req('POST', `/admin/aftersales/${no}/refund`, {}, t(op)), ctx({ afterSaleNo: no })),
};

/** Makes a request and expects it made; the request as the shopper sees it. */
export const ask = (u: Shopper, d: Draft) => expectOk(shopper.create(u, d));

// ------------------------------------------------------------------ uploads

export const IMAGES = {
  // 3 × 2 pixels each, made with sharp; the server reads the size from the headers.
  jpeg: Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAAHlhf//Z',
    'base64',
  ),
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IScHQQxwFgBBAAYZ0KRMBAAAAABJRU5ErkJggg==', 'base64'),
  webp: Buffer.from('UklGRjoAAABXRUJQVlA4IC4AAACwAQCdASoDAAIAAUAmJaACdLoABDAAAP7x3I/4DdfFtMv/vYL/3YL/3YL/WwAA', 'base64'),
};

export type Uploaded = { id: string; url: string; width: number | null; height: number | null };

/** POST /uploads as a browser sends it: multipart with one `file`. */
export function uploadRequest(u: Shopper | null, bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg'): Request {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', 'x-test-peer': nextIp() };
  if (u) headers.token = u.token;
  return new Request(`${BASE}/uploads`, { method: 'POST', headers, body: form });
}

export const upload = (u: Shopper, bytes: Uint8Array = IMAGES.jpeg, name?: string, type?: string) => call<Uploaded>(uploadsPost, uploadRequest(u, bytes, name, type));

/** GET /uploads/{id}: the raw response (an image on success, the envelope otherwise). */
export const readUpload = (u: Shopper | null, id: string) => uploadGet(req('GET', `/uploads/${id}`, undefined, u ? t(u) : {}), ctx({ id }));

export async function readUploadFails(u: Shopper | null, id: string, code: number): Promise<string> {
  const body = await envelope(await readUpload(u, id));
  expect(body.resultCode).toBe(code);
  return body.message;
}

// ------------------------------------------------------------------ rows

export async function afterSaleRow(no: string) {
  const db = await getDb();
  const [row] = await db.select().from(afterSales).where(eq(afterSales.afterSaleNo, no));
  return row;
}

export async function afterSalesOfOrder(orderNo: string) {
  const db = await getDb();
  const o = await orderRow(orderNo);
  return db.select().from(afterSales).where(eq(afterSales.orderId, o.id)).orderBy(asc(afterSales.id));
}

export async function itemsOfAfterSale(no: string) {
  const db = await getDb();
  const a = await afterSaleRow(no);
  return db.select().from(afterSaleItems).where(eq(afterSaleItems.afterSaleId, a.id)).orderBy(asc(afterSaleItems.id));
}

export async function eventsOf(no: string) {
  const db = await getDb();
  const a = await afterSaleRow(no);
  return db.select().from(afterSaleEvents).where(eq(afterSaleEvents.afterSaleId, a.id)).orderBy(asc(afterSaleEvents.id));
}

export async function refundsOfOrder(orderNo: string) {
  const db = await getDb();
  const o = await orderRow(orderNo);
  return db.select().from(refunds).where(eq(refunds.orderId, o.id)).orderBy(asc(refunds.id));
}

export async function paymentOf(orderNo: string) {
  const db = await getDb();
  const o = await orderRow(orderNo);
  const [p] = await db.select().from(payments).where(and(eq(payments.orderId, o.id), eq(payments.status, 'succeeded')));
  return p;
}

export async function licensesOf(orderNo: string) {
  const db = await getDb();
  const o = await orderRow(orderNo);
  return db.select().from(licenses).where(eq(licenses.orderId, o.id)).orderBy(asc(licenses.id));
}

/** Moves an order's clock back (the windows run from receipt, or from payment for codes). */
export async function backdate(orderNo: string, set: { completedAt?: Date; paidAt?: Date }) {
  const db = await getDb();
  await db.update(orders).set(set).where(eq(orders.orderNo, orderNo));
}

export async function setPaidFen(orderItemId: number, paidFen: number) {
  const db = await getDb();
  await db.update(orderItems).set({ paidFen }).where(eq(orderItems.id, orderItemId));
}

/** Sets the order's sums (a discount), before it is paid: the payment is for its total. */
export async function setOrderSums(orderNo: string, set: { discountFen: number; totalFen: number }) {
  const db = await getDb();
  await db.update(orders).set(set).where(eq(orders.orderNo, orderNo));
}

export const DAY = DAY_MS;
export const daysAgo = (d: number) => new Date(Date.now() - d * DAY);
export const later = (ms: number) => new Date(Date.now() + ms);

// ------------------------------------------------------------------ SMS

export const smsSent: SmsMessage[] = [];

/** A recording SMS provider for this file. */
export function recordSms(): void {
  beforeAll(() => setSmsProvider({ send: async (m) => void smsSent.push(m) }));
  afterAll(() => setSmsProvider(null));
}

/** The after-sales SMS templates sent about one request, in order. */
export const smsAbout = (no: string) => smsSent.filter((m) => 'afterSaleNo' in m.params && m.params.afterSaleNo === no);

/**
 * The setup of a file that drives after-sales through the console: the demo gateway, the refund desk
 * (answering at once unless a test says otherwise), SMS recorded when asked, and one operator, handed
 * to `onOperator` once logged in.
 */
export function afterSalesSuite(onOperator: (op: Shopper) => void, o: { sms?: boolean } = {}): void {
  withGateway();
  withRefundDesk();
  if (o.sms) recordSms();
  beforeAll(async () => {
    onOperator(await loginOperator());
  });
  beforeEach(() => {
    refundDesk.mode = 'instant';
  });
}
