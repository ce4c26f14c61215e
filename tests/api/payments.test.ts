/**
 * Payments over HTTP against the demo gateways (docs/decisions/payments.md): the shop's provider code calls the
 * gateways through a real socket, and the gateways post signed notifications back. Pay → paid;
 * forged or stale (timestamp, notify_time) → rejected; replay → one effect; wrong amount → rejected; lost notification → the status query settles it; a payment that
 * lands after the order was cancelled → refunded; a refund cut short by a crash → finished by the
 * sweep; another user's payment → 404.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'shop-pay-keys-'));

import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { GET as orderGet } from '@/app/api/v1/orders/[orderNo]/route';
import { POST as cancelPost } from '@/app/api/v1/orders/[orderNo]/cancel/route';
import { POST as paymentsPost } from '@/app/api/v1/payments/route';
import { GET as paymentGet } from '@/app/api/v1/payments/[paymentNo]/route';
import { GET as payformGet } from '@/app/api/v1/payform/alipay/[paymentNo]/route';
import { getDb, withTx } from '@/lib/server/db/client';
import { paymentNotifications, payments, refunds, sandboxRefunds, sandboxTrades } from '@/lib/server/db/schema';
import { demoKeys } from '@/lib/server/payments/demo-keys';
import { makeDemoKeys } from '@/lib/server/payments/demo-keys';
import { alipayTime } from '@/lib/server/payments/beijing-time';
import { alipaySignFields } from '@/lib/server/payment-sandbox/alipay-sign';
import { alipayPaidFields } from '@/lib/server/payment-sandbox/deliver';
import { encryptWechatResource, signWechatBody } from '@/lib/server/payments/wechat-crypto';
import { refundOrder } from '@/lib/server/flows/refund-order';
import { sweepPayments } from '@/lib/server/flows/payment-notified';
import type { Order } from '@/lib/server/views/orders-detail';
import type { PaymentView } from '@/lib/server/modules/payment';
import { eventually, startHarness, type Harness } from './http-harness';
import { addAddress, ctx, fails, idemKey, loginNew, makeSku, ok, orderRow, patchOrder, req, stockOf, type Shopper } from './session';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  process.env.SITE_URL = h.origin;
});

afterAll(async () => {
  await h?.close();
});

type Buyer = Shopper & { addressId: number };

async function buyer(): Promise<Buyer> {
  const u = await loginNew();
  const a = await addAddress(u.token);
  return { ...u, addressId: a.id };
}

async function order(u: Buyer, o: { kind?: 'device' | 'service'; priceFen?: number } = {}) {
  const sku = await makeSku({ kind: o.kind, priceFen: o.priceFen ?? 12_990, stock: 20 });
  const created = await ok<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId, idempotencyKey: idemKey() }, { token: u.token }));
  return { ...created, sku };
}

const pay = (u: Shopper, orderNo: string, channel: string) => ok<PaymentView>(paymentsPost, req('POST', '/payments', { orderNo, channel }, { token: u.token }));
const status = (u: Shopper, paymentNo: string) => ok<PaymentView>(paymentGet, req('GET', `/payments/${paymentNo}`, undefined, { token: u.token }), ctx({ paymentNo }));
const orderOf = (u: Shopper, orderNo: string) => ok<Order>(orderGet, req('GET', `/orders/${orderNo}`, undefined, { token: u.token }), ctx({ orderNo }));

/** The "phone": opens code_url (or h5_url) and presses 确认支付. */
async function confirmOnPhone(pageUrl: string, o: { dropNotify?: boolean; redirectUrl?: string } = {}) {
  const url = new URL(pageUrl);
  const form = new URLSearchParams();
  if (o.dropNotify) form.set('drop_notify', '1');
  if (o.redirectUrl) form.set('redirect_url', o.redirectUrl);
  const res = await fetch(`${url.origin}${url.pathname}/confirm`, { method: 'POST', body: form, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

/** The browser at Alipay: submits the pay form to the gateway, lands on the cashier, presses 确认付款. */
async function payAtAlipay(u: Shopper, paymentNo: string, o: { dropNotify?: boolean } = {}) {
  const res = await payformGet(req('GET', `/payform/alipay/${paymentNo}`, undefined, { cookie: `auth-token=${u.token}` }), ctx({ paymentNo }));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/text\/html/);
  const html = await res.text();
  const action = /<form action="([^"]+)"/.exec(html)![1].replace(/&amp;/g, '&');
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)" \/>/g)) fields.set(m[1], m[2].replace(/&quot;/g, '"'));
  const toCashier = await fetch(action, { method: 'POST', body: fields, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(toCashier.status, await toCashier.clone().text()).toBe(303);
  const cashier = new URL(toCashier.headers.get('location')!);
  expect(cashier.pathname).toMatch(/^\/sandbox\/alipay\/cashier\/[0-9a-f]{32}$/);
  const form = new URLSearchParams();
  if (o.dropNotify) form.set('drop_notify', '1');
  const paid = await fetch(`${cashier.origin}${cashier.pathname}/pay`, { method: 'POST', body: form, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(paid.status).toBe(303);
  return paid.headers.get('location')!;
}

async function paymentRow(paymentNo: string) {
  const db = await getDb();
  const [row] = await db.select().from(payments).where(eq(payments.paymentNo, paymentNo));
  return row;
}

/** The refunds of a payment (the shop's books), oldest first. */
async function refundsOf(paymentNo: string) {
  const db = await getDb();
  const rows = await db.select({ r: refunds }).from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(eq(payments.paymentNo, paymentNo)).orderBy(refunds.id);
  return rows.map((x) => x.r);
}

/** The demo gateway's refunds of the trade of a payment. */
async function gatewayRefundsOf(paymentNo: string) {
  const db = await getDb();
  const rows = await db
    .select({ r: sandboxRefunds })
    .from(sandboxRefunds)
    .innerJoin(sandboxTrades, eq(sandboxTrades.id, sandboxRefunds.tradeId))
    .where(eq(sandboxTrades.outTradeNo, paymentNo));
  return rows.map((x) => x.r);
}

async function notificationsOf(paymentNo: string) {
  const db = await getDb();
  return db.select().from(paymentNotifications).where(eq(paymentNotifications.paymentNo, paymentNo));
}

/** A notification as WeChat Pay would send it, signed with the given key (the real platform key or another). */
function wechatNotification(plain: object, o: { privateKey?: string; serial?: string; now?: number; id?: string } = {}) {
  const k = demoKeys().wechat;
  const body = JSON.stringify({
    id: o.id ?? crypto.randomUUID(),
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: encryptWechatResource(JSON.stringify(plain), k.apiV3Key, 'transaction', 'transaction'),
  });
  const headers = signWechatBody(body, o.privateKey ?? k.platformPrivateKey, o.serial ?? k.platformKeyId, o.now);
  return { body, headers: { 'content-type': 'application/json', ...headers } };
}

function successPlain(paymentNo: string, totalFen: number) {
  const k = demoKeys().wechat;
  return {
    mchid: k.mchid,
    appid: k.appid,
    out_trade_no: paymentNo,
    transaction_id: '4200000000000000000000000001',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    success_time: new Date().toISOString(),
    amount: { total: totalFen, payer_total: totalFen, currency: 'CNY' },
  };
}

const postNotify = (provider: 'wechat' | 'alipay', init: { body: string; headers: Record<string, string> }) =>
  fetch(`${h.origin}/api/v1/payments/notify/${provider}`, { method: 'POST', ...init });

describe('WeChat Pay', () => {
  it('Native: code_url → the phone pays → the verified notification makes the order 待发货', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'wechat_native');
    expect(p.paymentNo).toMatch(/^\d{22}$/);
    expect(p.amountFen).toBe(o.totalFen);
    expect(p.status).toBe('pending');
    expect(p.codeUrl).toMatch(new RegExp(`^${h.origin}/sandbox/wechat/pay/[0-9a-f]{32}$`));
    expect(p.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(p.qrImage!.split(',')[1], 'base64').toString()).toContain('<svg');

    // Asking again shows the same open payment (one QR code per order and channel).
    expect((await pay(u, o.orderNo, 'wechat_native')).paymentNo).toBe(p.paymentNo);

    await confirmOnPhone(p.codeUrl!);
    const after = await status(u, p.paymentNo);
    expect(after.status).toBe('succeeded');
    expect(after.orderStatus).toBe('paid');
    const detail = await orderOf(u, o.orderNo);
    expect(detail.status).toBe('paid');
    expect(detail.statusLabel).toBe('待发货');
    expect(detail.paidAt).not.toBeNull();
    const row = await paymentRow(p.paymentNo);
    expect(row.providerTxnId).toMatch(/^4200\d{24}$/);
    const notes = await notificationsOf(p.paymentNo);
    expect(notes).toHaveLength(1);
    expect(notes[0].outcome).toBe('paid');
    expect(h.notifications.find((n) => n.body.includes(notes[0].eventId))?.status).toBe(204);

    // Paying a paid order again is refused.
    expect(await fails(409, paymentsPost, req('POST', '/payments', { orderNo: o.orderNo, channel: 'alipay_page' }, { token: u.token }))).toContain('已支付');
  });

  it('H5: h5_url carries the return address; paying sends the browser back to /WxpayDetail', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'wechat_h5');
    const h5 = new URL(p.h5Url!);
    const redirectUrl = h5.searchParams.get('redirect_url')!;
    expect(redirectUrl).toBe(`${h.origin}/WxpayDetail?orderNo=${o.orderNo}&paymentNo=${p.paymentNo}`);
    const back = await confirmOnPhone(p.h5Url!.split('?')[0], { redirectUrl });
    expect(back).toBe(redirectUrl);
    expect((await orderOf(u, o.orderNo)).status).toBe('paid');
  });

  it('a service order goes straight to 已完成 with one activation code per unit', async () => {
    const u = await buyer();
    const o = await order(u, { kind: 'service', priceFen: 36_000 });
    const p = await pay(u, o.orderNo, 'wechat_native');
    await confirmOnPhone(p.codeUrl!);
    const detail = await orderOf(u, o.orderNo);
    expect(detail.status).toBe('completed');
    expect(detail.licenses).toHaveLength(1);
    expect(detail.licenses[0].code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
  });

  it('a forged signature, an unknown key or a stale timestamp is rejected and changes nothing', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'wechat_native');
    const plain = successPlain(p.paymentNo, o.totalFen);
    const other = makeDemoKeys().wechat;

    const forged = await postNotify('wechat', wechatNotification(plain, { privateKey: other.platformPrivateKey }));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'FAIL' });
    const unknownSerial = await postNotify('wechat', wechatNotification(plain, { serial: 'PUB_KEY_ID_NOT_OURS' }));
    expect(unknownSerial.status).toBe(401);
    const stale = await postNotify('wechat', wechatNotification(plain, { now: Date.now() - 6 * 60_000 }));
    expect(stale.status).toBe(401);
    // A valid signature over a body that was changed afterwards.
    const n = wechatNotification(plain);
    const tampered = await postNotify('wechat', { ...n, body: n.body.replace('"summary":"支付成功"', '"summary":"支付成功 "') });
    expect(tampered.status).toBe(401);

    expect((await orderRow(o.orderNo)).status).toBe('pending_payment');
    expect((await paymentRow(p.paymentNo)).status).toBe('pending');
    expect(await notificationsOf(p.paymentNo)).toHaveLength(0);
  });

  it('a replayed notification gets the same reply and has one effect', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'wechat_native');
    const n = wechatNotification(successPlain(p.paymentNo, o.totalFen));
    const first = await postNotify('wechat', n);
    expect(first.status).toBe(204);
    const paidAt = (await orderRow(o.orderNo)).paidAt;
    for (let i = 0; i < 3; i++) expect((await postNotify('wechat', n)).status).toBe(204);
    // Even the gateway's own notification for the same trade afterwards changes nothing.
    await confirmOnPhone(p.codeUrl!);
    const row = await orderRow(o.orderNo);
    expect(row.status).toBe('paid');
    expect(row.paidAt).toEqual(paidAt);
    expect(await notificationsOf(p.paymentNo)).toHaveLength(2); // ours once, the gateway's once
    const db = await getDb();
    const all = await db.select().from(payments).where(eq(payments.orderId, row.id));
    expect(all.filter((x) => x.status === 'succeeded')).toHaveLength(1);
    expect(await db.select().from(refunds).where(eq(refunds.orderId, row.id))).toHaveLength(0);
  });

  it('a signed notification with another amount is rejected: the order stays unpaid', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'wechat_native');
    const res = await postNotify('wechat', wechatNotification(successPlain(p.paymentNo, o.totalFen - 1)));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'FAIL' });
    expect((await orderRow(o.orderNo)).status).toBe('pending_payment');
    expect((await paymentRow(p.paymentNo)).status).toBe('pending');
    expect((await notificationsOf(p.paymentNo))[0].outcome).toBe('amount_mismatch');
  });

  it('a lost notification: the status poll asks the gateway (at most every 5 s) and settles the order', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'wechat_native');
    const first = await status(u, p.paymentNo); // asks: not paid yet
    expect(first.status).toBe('pending');
    const askedAt = (await paymentRow(p.paymentNo)).lastQueriedAt;
    expect(askedAt).not.toBeNull();
    await confirmOnPhone(p.codeUrl!, { dropNotify: true });
    expect(await notificationsOf(p.paymentNo)).toHaveLength(0);
    // Within 5 s of the last question the poll answers from the database.
    expect((await status(u, p.paymentNo)).status).toBe('pending');
    expect((await paymentRow(p.paymentNo)).lastQueriedAt).toEqual(askedAt);
    // Later it asks again and the provider's answer settles it.
    const db = await getDb();
    await db.update(payments).set({ lastQueriedAt: new Date(Date.now() - 6_000) }).where(eq(payments.paymentNo, p.paymentNo));
    const settled = await status(u, p.paymentNo);
    expect(settled.status).toBe('succeeded');
    expect((await orderOf(u, o.orderNo)).status).toBe('paid');
  });

  it('a lost notification nobody polls for is found by the sweep', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'wechat_native');
    await confirmOnPhone(p.codeUrl!, { dropNotify: true });
    const db = await getDb();
    await db.update(payments).set({ createdAt: new Date(Date.now() - 3 * 60_000) }).where(eq(payments.paymentNo, p.paymentNo));
    expect((await orderRow(o.orderNo)).status).toBe('pending_payment');
    const swept = await sweepPayments();
    expect(swept.reconciled).toBeGreaterThanOrEqual(1);
    expect((await orderRow(o.orderNo)).status).toBe('paid');
  });

  it('a payment that lands after the order was cancelled moves it to 退款中 and then 已退款', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'wechat_native');
    await confirmOnPhone(p.codeUrl!, { dropNotify: true }); // paid at WeChat, the shop does not know yet
    const stockBefore = await stockOf(o.sku.skuId);
    await ok<Order>(cancelPost, req('POST', `/orders/${o.orderNo}/cancel`, { reason: '不想要了' }, { token: u.token }), ctx({ orderNo: o.orderNo }));
    // Cancelling closes the provider trade; WeChat says it is paid, so the money goes back.
    expect(await stockOf(o.sku.skuId)).toBe(stockBefore + 1);
    const row = await paymentRow(p.paymentNo);
    expect(row.status).toBe('succeeded');
    const [refund] = await refundsOf(p.paymentNo);
    expect(refund.refundNo).toMatch(/^R\d{22}$/);
    expect(refund.amountFen).toBe(row.amountFen);
    expect(['refunding', 'refunded']).toContain((await orderRow(o.orderNo)).status);
    // The refund's own notification settles it.
    expect(await eventually(async () => (await orderRow(o.orderNo)).status === 'refunded')).toBe(true);
    expect((await refundsOf(p.paymentNo)).map((r) => r.status)).toEqual(['succeeded']);
    expect((await orderOf(u, o.orderNo)).statusLabel).toBe('已退款');
    expect(await fails(409, paymentsPost, req('POST', '/payments', { orderNo: o.orderNo, channel: 'wechat_native' }, { token: u.token }))).toMatch(/取消|支付/);
  });

  it('a notification for an order cancelled meanwhile (close lost) is refunded too', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'wechat_native');
    await patchOrder(o.orderNo, { status: 'cancelled' }); // as if the close never reached WeChat
    await confirmOnPhone(p.codeUrl!);
    expect(await eventually(async () => (await orderRow(o.orderNo)).status === 'refunded')).toBe(true);
  });

  it.each(['never sent', 'taken by WeChat, never settled'] as const)('a refund cut short by a crash (%s) is finished by the sweep', async (cut) => {
    const db = await getDb();
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'wechat_native');
    await confirmOnPhone(p.codeUrl!, { dropNotify: true });
    await ok<Order>(cancelPost, req('POST', `/orders/${o.orderNo}/cancel`, { reason: '不想要了' }, { token: u.token }), ctx({ orderNo: o.orderNo }));
    expect(await eventually(async () => (await orderRow(o.orderNo)).status === 'refunded')).toBe(true);
    // Wind back to the moment of the crash (scripts/fault-test.mjs found both): the shop committed the
    // refund; either the request never left, or the gateway took it and the process that was to
    // settle it died.
    const [refund] = await refundsOf(p.paymentNo);
    await db.update(refunds).set({ status: 'processing', refundedAt: null, updatedAt: new Date(Date.now() - 60_000) }).where(eq(refunds.id, refund.id));
    await patchOrder(o.orderNo, { status: 'refunding' });
    const [gw] = await gatewayRefundsOf(p.paymentNo);
    await db.update(sandboxTrades).set({ status: 'SUCCESS' }).where(eq(sandboxTrades.outTradeNo, p.paymentNo));
    if (cut === 'never sent') await db.delete(sandboxRefunds).where(eq(sandboxRefunds.id, gw.id));
    else await db.update(sandboxRefunds).set({ status: 'PROCESSING', settledAt: null }).where(eq(sandboxRefunds.id, gw.id));
    expect((await sweepPayments()).refunds).toBeGreaterThanOrEqual(1);
    expect(await eventually(async () => (await orderRow(o.orderNo)).status === 'refunded')).toBe(true);
    expect((await refundsOf(p.paymentNo)).map((r) => r.status)).toEqual(['succeeded']);
    const [trade] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, p.paymentNo));
    expect(trade.status).toBe('REFUND');
    expect((await gatewayRefundsOf(p.paymentNo)).map((r) => [r.status, r.refundNo, r.amountFen])).toEqual([['SUCCESS', refund.refundNo, refund.amountFen]]);
  });
});

describe('Alipay', () => {
  it('page pay: the form → the cashier → 确认付款 → the notification (success) → 待发货, back to the shop', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'alipay_page');
    expect(p.payformUrl).toBe(`/api/v1/payform/alipay/${p.paymentNo}`);
    const back = new URL(await payAtAlipay(u, p.paymentNo));
    expect(back.origin + back.pathname).toBe(`${h.origin}/PaySelectPC`);
    expect(back.searchParams.get('paymentNo')).toBe(p.paymentNo);
    expect(back.searchParams.get('out_trade_no')).toBe(p.paymentNo);
    expect(back.searchParams.get('total_amount')).toBe((o.totalFen / 100).toFixed(2));
    const reply = h.notifications.filter((n) => n.path.endsWith('/alipay') && n.body.includes(p.paymentNo));
    expect(reply.map((n) => n.reply)).toEqual(['success']);
    expect((await orderOf(u, o.orderNo)).status).toBe('paid');
  });

  it('a forged notification gets `fail` and a replay of a real one changes nothing', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'alipay_wap');
    await payAtAlipay(u, p.paymentNo, { dropNotify: true });
    expect((await orderRow(o.orderNo)).status).toBe('pending_payment');

    const row = await paymentRow(p.paymentNo);
    const trade = { outTradeNo: p.paymentNo, tradeNo: '2026112322001400000000000001', appId: demoKeys().alipay.appId, merchantId: demoKeys().alipay.appId, amountFen: o.totalFen, description: '测试', createdAt: row.createdAt, paidAt: new Date() };
    const real = alipayPaidFields(trade as never);
    const forged = { ...real, total_amount: '0.01' }; // the signature no longer covers the fields
    const bad = await postNotify('alipay', { body: new URLSearchParams(forged).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(await bad.text()).toBe('fail');
    expect((await orderRow(o.orderNo)).status).toBe('pending_payment');

    for (let i = 0; i < 2; i++) {
      const good = await postNotify('alipay', { body: new URLSearchParams(real).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(await good.text()).toBe('success');
    }
    expect((await orderRow(o.orderNo)).status).toBe('paid');
    expect(await notificationsOf(p.paymentNo)).toHaveLength(1);
  });

  it('a real notification replayed at once gets `success`; replayed 15 minutes later it gets `fail`', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'alipay_page');
    await payAtAlipay(u, p.paymentNo);
    const recorded = h.notifications.find((n) => n.path.endsWith('/alipay') && n.body.includes(p.paymentNo))!;
    expect(recorded.reply).toBe('success');
    const replay = () => postNotify('alipay', { body: recorded.body, headers: { 'content-type': recorded.headers['content-type'] } });
    const paidAt = (await orderRow(o.orderNo)).paidAt;

    const again = await replay();
    expect([again.status, await again.text()]).toEqual([200, 'success']);

    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 15 * 60_000);
      const late = await replay();
      expect([late.status, await late.text()]).toEqual([400, 'fail']);
    } finally {
      vi.useRealTimers();
    }
    const row = await orderRow(o.orderNo);
    expect([row.status, row.paidAt]).toEqual(['paid', paidAt]);
    expect(await notificationsOf(p.paymentNo)).toHaveLength(1);
  });

  it('a genuine notification signed 3 hours ago is refused before it settles anything; the trade query settles the payment', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'alipay_wap');
    await payAtAlipay(u, p.paymentNo, { dropNotify: true });
    const row = await paymentRow(p.paymentNo);
    const trade = { outTradeNo: p.paymentNo, tradeNo: '2026112322001400000000000002', appId: demoKeys().alipay.appId, merchantId: demoKeys().alipay.appId, amountFen: o.totalFen, description: '测试', createdAt: row.createdAt, paidAt: new Date() };
    const { sign: _fresh, ...fields } = alipayPaidFields(trade as never);
    const old = alipaySignFields({ ...fields, notify_time: alipayTime(new Date(Date.now() - 3 * 3600_000)) }, demoKeys().alipay.alipayPrivateKey, 'notify');
    const res = await postNotify('alipay', { body: new URLSearchParams(old).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

    expect([res.status, await res.text()]).toEqual([400, 'fail']);
    expect((await orderRow(o.orderNo)).status).toBe('pending_payment');
    expect(await notificationsOf(p.paymentNo)).toHaveLength(0);
    expect((await status(u, p.paymentNo)).status).toBe('succeeded');
    expect((await orderRow(o.orderNo)).status).toBe('paid');
  });

  it('a lost notification is settled by alipay.trade.query; an order refund comes back at once', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'alipay_page');
    await payAtAlipay(u, p.paymentNo, { dropNotify: true });
    expect((await status(u, p.paymentNo)).status).toBe('succeeded');
    const row = await orderRow(o.orderNo);
    expect(row.status).toBe('paid');
    await withTx((tx) => refundOrder(tx, row.id, '测试退款'));
    expect((await orderRow(o.orderNo)).status).toBe('refunded');
    expect((await refundsOf(p.paymentNo)).map((r) => r.status)).toEqual(['succeeded']);
  });

  it('a refund Alipay took but a crash left unfinished is finished when the sweep asks again', async () => {
    const u = await buyer();
    const o = await order(u);
    const p = await pay(u, o.orderNo, 'alipay_page');
    await payAtAlipay(u, p.paymentNo);
    const row = await orderRow(o.orderNo);
    await withTx((tx) => refundOrder(tx, row.id, '测试退款'));
    const db = await getDb();
    const [refund] = await refundsOf(p.paymentNo);
    await db.update(refunds).set({ status: 'processing', refundedAt: null, updatedAt: new Date(Date.now() - 60_000) }).where(eq(refunds.id, refund.id));
    await patchOrder(o.orderNo, { status: 'refunding' });
    await db.update(sandboxTrades).set({ status: 'SUCCESS' }).where(eq(sandboxTrades.outTradeNo, p.paymentNo));
    await db.update(sandboxRefunds).set({ status: 'PROCESSING', settledAt: null }).where(eq(sandboxRefunds.refundNo, refund.refundNo));
    // Alipay answers the repeat with fund_change N; the refund query says it went through.
    await sweepPayments();
    expect((await orderRow(o.orderNo)).status).toBe('refunded');
    const [trade] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, p.paymentNo));
    expect(trade.status).toBe('REFUND');
    expect((await gatewayRefundsOf(p.paymentNo)).map((r) => [r.status, r.refundNo])).toEqual([['SUCCESS', refund.refundNo]]);
  });
});

describe('who may pay and see what', () => {
  it("another user's order and payment are 404; bad input is a Chinese 400", async () => {
    const a = await buyer();
    const b = await loginNew();
    const o = await order(a);
    const p = await pay(a, o.orderNo, 'wechat_native');
    expect(await fails(404, paymentsPost, req('POST', '/payments', { orderNo: o.orderNo, channel: 'wechat_native' }, { token: b.token }))).toBe('订单不存在');
    expect(await fails(404, paymentGet, req('GET', `/payments/${p.paymentNo}`, undefined, { token: b.token }), ctx({ paymentNo: p.paymentNo }))).toBe('支付记录不存在');
    const form = await payformGet(req('GET', `/payform/alipay/${p.paymentNo}`, undefined, { cookie: `auth-token=${b.token}` }), ctx({ paymentNo: p.paymentNo }));
    expect(form.status).toBe(404);
    expect(await fails(416, paymentGet, req('GET', `/payments/${p.paymentNo}`), ctx({ paymentNo: p.paymentNo }))).toMatch(/登录/);
    expect(await fails(400, paymentsPost, req('POST', '/payments', { orderNo: o.orderNo, channel: 'cash' }, { token: a.token }))).toBe('请选择支付方式');
    expect(await fails(400, paymentsPost, req('POST', '/payments', { orderNo: 'x', channel: 'alipay_page' }, { token: a.token }))).toBe('订单编号不正确');
  });

  it('an order past its pay deadline cannot start a payment', async () => {
    const u = await buyer();
    const o = await order(u);
    await patchOrder(o.orderNo, { payDeadline: new Date(Date.now() - 1000) });
    expect(await fails(409, paymentsPost, req('POST', '/payments', { orderNo: o.orderNo, channel: 'alipay_page' }, { token: u.token }))).toContain('超过支付时间');
  });
});
