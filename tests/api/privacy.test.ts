/**
 * Consent at login and 注销账号 (docs/privacy.md): the login refuses without `agree: true` (and spends
 * no code attempt), deregistration wants its own SMS code, is refused while anything is under way,
 * erases the shopper's personal data while orders and invoices keep the books, leaves other shoppers
 * alone, and the same phone then logs in as a new account.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as smsCodeRoute } from '@/app/api/v1/auth/sms-code/route';
import { POST as loginRoute } from '@/app/api/v1/auth/login/route';
import { POST as cartItemsPost } from '@/app/api/v1/cart/items/route';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { GET as ordersGet } from '@/app/api/v1/orders/route';
import { POST as invoicesPost } from '@/app/api/v1/invoices/route';
import { GET as profileGet, PUT as profilePut } from '@/app/api/v1/user/profile/route';
import { POST as deregisterCodePost } from '@/app/api/v1/user/deregister-code/route';
import { POST as deregisterPost } from '@/app/api/v1/user/deregister/route';
import { GET as siteGet } from '@/app/api/v1/site/route';
import { CONSENT_MESSAGE } from '@/lib/validation/auth';
import { getDb } from '@/lib/server/db/client';
import {
  addresses,
  afterSales,
  auditLog,
  browseHistory,
  carts,
  favorites,
  invoices,
  invoiceTitles,
  orderItems,
  orders,
  sessions,
  skus,
  smsCodes,
  stockNotices,
  uploads,
  uploadTries,
  users,
} from '@/lib/server/db/schema';
import { SECURITY_RECORD_DAYS } from '@/lib/domain/retention';
import { issueInvoice } from '@/lib/server/flows/invoice-console';
import { pruneExpired } from '@/lib/server/flows/prune-expired';
import { markOrderPaid } from '@/lib/server/modules/order';
import { type Order } from '@/lib/server/views/orders-detail';
import { HAN } from './helpers';
import { addAddress, ageCodes, call, fails, idemKey, loginNew, makeSku, newPhone, ok, orderRow, patchOrder, req, type Shopper } from './session';

const sendLoginCode = async (phone: string) => (await ok<{ devCode: string }>(smsCodeRoute, req('POST', '/auth/sms-code', { phone }))).devCode;

describe('consent at login (POST /auth/login)', () => {
  it('without agree: 400 with the consent message, and the code is still good afterwards', async () => {
    const phone = newPhone();
    const code = await sendLoginCode(phone);
    for (const body of [{ phone, code }, { phone, code, agree: false }, { phone, code, agree: 'true' }, { phone, code, agree: 1 }]) {
      expect(await fails(400, loginRoute, req('POST', '/auth/login', body))).toBe(CONSENT_MESSAGE);
    }
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
    // No attempt was taken: the right code with the tick logs in.
    const res = await ok<{ token: string }>(loginRoute, req('POST', '/auth/login', { phone, code, agree: true }));
    expect(res.token).toBeTruthy();
  });

  it('a password login needs the tick too', async () => {
    expect(await fails(400, loginRoute, req('POST', '/auth/login', { phone: newPhone(), password: 'abc12345' }))).toBe(CONSENT_MESSAGE);
  });
});

describe('GET /site', () => {
  it('answers the ICP 备案号 of the running server, null when unset', async () => {
    const before = process.env.ICP_BEIAN;
    try {
      delete process.env.ICP_BEIAN;
      expect((await ok<{ icpBeian: string | null }>(siteGet, req('GET', '/site'))).icpBeian).toBeNull();
      process.env.ICP_BEIAN = ' 皖ICP备2026000001号-1 ';
      expect((await ok<{ icpBeian: string | null }>(siteGet, req('GET', '/site'))).icpBeian).toBe('皖ICP备2026000001号-1');
    } finally {
      if (before === undefined) delete process.env.ICP_BEIAN;
      else process.env.ICP_BEIAN = before;
    }
  });
});

// ------------------------------------------------------------------ 注销账号

async function deregisterCode(u: Shopper): Promise<string> {
  await ageCodes(u.phone);
  return (await ok<{ devCode: string }>(deregisterCodePost, req('POST', '/user/deregister-code', {}, { token: u.token }))).devCode;
}

async function order(u: Shopper, skuId: number, addressId: number): Promise<Order> {
  return ok<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId, quantity: 1 }], addressId, idempotencyKey: idemKey() }, { token: u.token }));
}

async function completedOrder(u: Shopper, skuId: number, addressId: number): Promise<Order> {
  const o = await order(u, skuId, addressId);
  expect(await markOrderPaid((await orderRow(o.orderNo)).id)).toBe(true);
  await patchOrder(o.orderNo, { status: 'completed', shippedAt: new Date() });
  return o;
}

/** A shopper with everything the erasure touches: profile, password, addresses, a cart, a notice, a favorite and a view, a photo, a saved title, a finished order with an issued invoice. */
async function fullShopper(skuId: number) {
  const u = await loginNew();
  await ok(profilePut, req('PUT', '/user/profile', { nickname: '小量', email: 'xiaoliang@example.com' }, { token: u.token }));
  const address = await addAddress(u.token, { name: '李四', tel: '13912345678', addressDetail: '科学大道 9 号 3 栋 502' });
  const o = await completedOrder(u, skuId, address.id);
  const inv = await ok<{ id: number }>(
    invoicesPost,
    req('POST', '/invoices', { orderNo: o.orderNo, invoiceType: 'normal', titleType: 'company', title: '合肥量子测试有限公司', taxNo: '91440300708461136T', email: 'finance@example.com' }, { token: u.token }),
  );
  await issueInvoice(inv.id);
  await ok(cartItemsPost, req('POST', '/cart/items', { skuId, quantity: 2 }, { token: u.token }));
  const db = await getDb();
  await db.update(users).set({ passwordHash: 'argon2-stand-in' }).where(eq(users.id, u.userId));
  await db.insert(stockNotices).values({ userId: u.userId, skuId });
  const [{ productId }] = await db.select({ productId: skus.productId }).from(skus).where(eq(skus.id, skuId));
  await db.insert(favorites).values({ userId: u.userId, productId, savedPriceFen: 100 });
  await db.insert(browseHistory).values({ userId: u.userId, productId });
  await db.insert(uploads).values({ id: `up${u.userId}x${Date.now().toString(36)}`, userId: u.userId, contentType: 'image/png', sizeBytes: 3, bytes: new Uint8Array([1, 2, 3]) });
  await db.insert(uploadTries).values({ userId: u.userId, triedAt: new Date() });
  return { ...u, order: o, invoiceId: inv.id, addressId: address.id };
}

async function counts(userId: number) {
  const db = await getDb();
  const n = async (rows: Promise<unknown[]>) => (await rows).length;
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return {
    addresses: await n(db.select().from(addresses).where(eq(addresses.userId, userId))),
    titles: await n(db.select().from(invoiceTitles).where(eq(invoiceTitles.userId, userId))),
    carts: cart ? 1 : 0,
    notices: await n(db.select().from(stockNotices).where(eq(stockNotices.userId, userId))),
    favorites: await n(db.select().from(favorites).where(eq(favorites.userId, userId))),
    history: await n(db.select().from(browseHistory).where(eq(browseHistory.userId, userId))),
    uploads: await n(db.select().from(uploads).where(eq(uploads.userId, userId))),
    uploadTries: await n(db.select().from(uploadTries).where(eq(uploadTries.userId, userId))),
    liveSessions: (await db.select().from(sessions).where(eq(sessions.userId, userId))).filter((s) => !s.revokedAt).length,
  };
}

describe('注销账号 (POST /user/deregister-code, POST /user/deregister)', () => {
  it('wants a code of its own purpose: none, a wrong one and a login code are refused', async () => {
    const u = await loginNew();
    expect(await fails(400, deregisterPost, req('POST', '/user/deregister', {}, { token: u.token }))).toMatch(HAN);
    // A login code of the same phone does not deregister.
    await ageCodes(u.phone);
    const loginCode = await sendLoginCode(u.phone);
    expect(await fails(400, deregisterPost, req('POST', '/user/deregister', { code: loginCode }, { token: u.token }))).toBe('验证码已失效，请重新获取');
    const code = await deregisterCode(u);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await fails(400, deregisterPost, req('POST', '/user/deregister', { code: wrong }, { token: u.token }))).toMatch(/验证码错误，还可尝试 4 次/);
    // …nor does a deregistration code log in (it is checked against the phone's live login code).
    expect(await fails(400, loginRoute, req('POST', '/auth/login', { phone: u.phone, code, agree: true }))).toMatch(/^验证码错误/);
    const db = await getDb();
    expect((await db.select().from(users).where(eq(users.id, u.userId)))[0].deletedAt).toBeNull();
  });

  it('right after logging in the code is sent: the resend wait is per purpose, the hourly cap counts every purpose', async () => {
    const u = await loginNew();
    // loginNew's login code was sent a moment ago; it does not hold up the deregistration code.
    const first = await ok<{ devCode: string; cooldownSeconds: number }>(deregisterCodePost, req('POST', '/user/deregister-code', {}, { token: u.token }));
    expect(first.devCode).toMatch(/^\d{6}$/);
    // A second deregistration code at once waits for its own cooldown.
    expect(await fails(429, deregisterCodePost, req('POST', '/user/deregister-code', {}, { token: u.token }))).toMatch(/秒后再获取验证码/);
    // …and so does a second login code.
    expect(await fails(429, smsCodeRoute, req('POST', '/auth/sms-code', { phone: u.phone }))).toMatch(/秒后再获取验证码/);
    const db = await getDb();
    const rows = await db.select({ purpose: smsCodes.purpose }).from(smsCodes).where(eq(smsCodes.phone, u.phone));
    expect(rows.map((r) => r.purpose).sort()).toEqual(['deregister', 'login']);
    // The 5-an-hour cap counts both purposes: 2 sent, 3 more login codes, then the 6th (of either purpose) is refused.
    for (let i = 0; i < 3; i++) {
      await ageCodes(u.phone);
      await sendLoginCode(u.phone);
    }
    await ageCodes(u.phone);
    expect(await fails(429, deregisterCodePost, req('POST', '/user/deregister-code', {}, { token: u.token }))).toMatch(/1 小时/);
    expect(await fails(429, smsCodeRoute, req('POST', '/auth/sms-code', { phone: u.phone }))).toMatch(/1 小时/);
  });

  it('is refused while an order is unpaid, paid, shipped or refunding, an after-sale is open, or an invoice is pending', async () => {
    const sku = await makeSku({ stock: 100, priceFen: 10_000 });
    const u = await loginNew();
    const address = await addAddress(u.token);
    const o = await order(u, sku.skuId, address.id);
    await ageCodes(u.phone);
    const refuse = async (pattern: RegExp) => {
      expect(await fails(409, deregisterCodePost, req('POST', '/user/deregister-code', {}, { token: u.token }))).toMatch(pattern);
    };
    await refuse(/待付款的订单/);
    for (const status of ['paid', 'shipped', 'refunding'] as const) {
      await patchOrder(o.orderNo, { status });
      await refuse(/尚未完成的订单/);
    }
    await patchOrder(o.orderNo, { status: 'completed' });
    const db = await getDb();
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, o.orderNo));
    const [sale] = await db
      .insert(afterSales)
      .values({ afterSaleNo: `AS${Date.now()}`.slice(0, 20), orderId: row.id, userId: u.userId, type: 'return_refund', reason: 'seven_days', status: 'returning' })
      .returning();
    await refuse(/处理中的售后申请/);
    await db.update(afterSales).set({ status: 'refunded' }).where(eq(afterSales.id, sale.id));
    await ok(invoicesPost, req('POST', '/invoices', { orderNo: o.orderNo, invoiceType: 'normal', titleType: 'personal', title: '王五', email: 'w@example.com' }, { token: u.token }));
    await refuse(/开具中或红冲中的发票/);
    // A code sent before the order appeared does not get round the check: the erase checks again.
    await db.delete(invoices).where(eq(invoices.userId, u.userId));
    const code = await deregisterCode(u);
    await patchOrder(o.orderNo, { status: 'shipped' });
    expect(await fails(409, deregisterPost, req('POST', '/user/deregister', { code }, { token: u.token }))).toMatch(/尚未完成的订单/);
    expect((await db.select().from(users).where(eq(users.id, u.userId)))[0]).toMatchObject({ phone: u.phone, deletedAt: null });
  });

  it('erases the personal data, keeps the books, leaves another shopper alone; the phone then makes a new account', async () => {
    const sku = await makeSku({ stock: 100, priceFen: 25_900 });
    const A = await fullShopper(sku.skuId);
    const B = await fullShopper(sku.skuId);
    const db = await getDb();
    const before = { A: await counts(A.userId), B: await counts(B.userId) };
    expect(before.A).toMatchObject({ addresses: 1, titles: 1, carts: 1, notices: 1, favorites: 1, history: 1, uploads: 1, uploadTries: 1, liveSessions: 1 });
    const [orderBefore] = await db.select().from(orders).where(eq(orders.orderNo, A.order.orderNo));
    const linesBefore = await db.select().from(orderItems).where(eq(orderItems.orderId, orderBefore.id));
    const [invoiceBefore] = await db.select().from(invoices).where(eq(invoices.id, A.invoiceId));

    const code = await deregisterCode(A);
    const message = await call(deregisterPost, req('POST', '/user/deregister', { code }, { token: A.token }));
    expect(message.body).toMatchObject({ resultCode: 200, message: '账号已注销' });

    // The account row: no phone, no profile, no password; marked deleted.
    const [gone] = await db.select().from(users).where(eq(users.id, A.userId));
    expect(gone).toMatchObject({ phone: `已注销#${A.userId}`, nickname: null, email: null, passwordHash: null });
    expect(gone.deletedAt).toBeInstanceOf(Date);
    expect(await counts(A.userId)).toEqual({ addresses: 0, titles: 0, carts: 0, notices: 0, favorites: 0, history: 0, uploads: 0, uploadTries: 0, liveSessions: 0 });
    // The old token is dead.
    expect((await call(profileGet, req('GET', '/user/profile', undefined, { token: A.token }))).body.resultCode).toBe(416);

    // The books: the order's amounts, status and lines stay; the address keeps the region only.
    const [orderAfter] = await db.select().from(orders).where(eq(orders.orderNo, A.order.orderNo));
    expect(orderAfter).toMatchObject({ status: 'completed', totalFen: orderBefore.totalFen, itemsTotalFen: orderBefore.itemsTotalFen, userId: A.userId });
    expect(orderAfter.addressSnapshot).toEqual({ ...orderBefore.addressSnapshot, name: '李**', tel: '139****5678', addressDetail: '（已注销）' });
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, orderBefore.id))).toEqual(linesBefore);
    // The issued invoice keeps title, tax number, amount and number; the mailbox goes.
    const [invoiceAfter] = await db.select().from(invoices).where(eq(invoices.id, A.invoiceId));
    expect(invoiceAfter).toMatchObject({
      title: '合肥量子测试有限公司',
      taxNo: '91440300708461136T',
      amountFen: invoiceBefore.amountFen,
      invoiceNo: invoiceBefore.invoiceNo,
      status: 'issued',
      email: '',
    });
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.action, 'user.deregister'), eq(auditLog.entityId, String(A.userId))));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(A.phone);

    // B is untouched.
    expect(await counts(B.userId)).toEqual(before.B);
    const [b] = await db.select().from(users).where(eq(users.id, B.userId));
    expect(b).toMatchObject({ phone: B.phone, nickname: '小量', email: 'xiaoliang@example.com', deletedAt: null });
    const [bOrder] = await db.select().from(orders).where(eq(orders.orderNo, B.order.orderNo));
    expect(bOrder.addressSnapshot).toMatchObject({ name: '李四', tel: '13912345678', addressDetail: '科学大道 9 号 3 栋 502' });
    expect((await db.select().from(invoices).where(eq(invoices.id, B.invoiceId)))[0].email).toBe('finance@example.com');
    expect((await call(profileGet, req('GET', '/user/profile', undefined, { token: B.token }))).body.resultCode).toBe(200);

    // The same phone logs in again: a new, empty account.
    await ageCodes(A.phone);
    const again = await ok<{ token: string; user: { id: number; nickname: string | null } }>(
      loginRoute,
      req('POST', '/auth/login', { phone: A.phone, code: await sendLoginCode(A.phone), agree: true }),
    );
    expect(again.user.id).not.toBe(A.userId);
    expect(again.user.nickname).toBeNull();
    const list = await ok<{ items: unknown[]; total: number }>(ordersGet, req('GET', '/orders', undefined, { token: again.token }));
    expect(list.total).toBe(0);
  });
});

describe('security records (docs/privacy.md#retention)', () => {
  it('SMS code rows and ended sessions go after SECURITY_RECORD_DAYS; newer ones and live sessions stay', async () => {
    const u = await loginNew();
    const db = await getDb();
    const day = 86_400_000;
    const old = new Date(Date.now() - (SECURITY_RECORD_DAYS + 1) * day);
    const recent = new Date(Date.now() - (SECURITY_RECORD_DAYS - 1) * day);
    const phone = newPhone();
    const rows = await db
      .insert(smsCodes)
      .values([
        { phone, codeHash: 'a'.repeat(64), expiresAt: old, createdAt: old },
        { phone, codeHash: 'b'.repeat(64), expiresAt: recent, createdAt: recent },
      ])
      .returning({ id: smsCodes.id });
    const ended = await db
      .insert(sessions)
      .values([
        { userId: u.userId, tokenHash: 'c'.repeat(64), expiresAt: old },
        { userId: u.userId, tokenHash: 'd'.repeat(64), expiresAt: new Date(Date.now() + day), revokedAt: old },
        { userId: u.userId, tokenHash: 'e'.repeat(64), expiresAt: new Date(Date.now() + day), revokedAt: recent },
      ])
      .returning({ id: sessions.id });
    await pruneExpired();
    const codesLeft = (await db.select({ id: smsCodes.id }).from(smsCodes).where(eq(smsCodes.phone, phone))).map((r) => r.id);
    expect(codesLeft).toEqual([rows[1].id]);
    const sessionsLeft = (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, u.userId))).map((r) => r.id).sort((a, b) => a - b);
    // The login's own live session and the recently revoked one stay.
    expect(sessionsLeft).toHaveLength(2);
    expect(sessionsLeft).toContain(ended[2].id);
    expect((await call(profileGet, req('GET', '/user/profile', undefined, { token: u.token }))).body.resultCode).toBe(200);
  });
});
