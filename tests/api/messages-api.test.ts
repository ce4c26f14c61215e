/**
 * 消息中心's API (docs/messages.md#api): the list (newest first, paged, one category or all), the
 * unread counts, 已读 by ids / all / one category's, 删除, and 消息设置 — each shopper's own only
 * (another shopper's message is 404 and never counted or marked), bad input a Chinese 400. And the
 * `notify` path under them: one message however many times an event is written or delivered, and
 * the SMS only when 消息设置 (or the kind) asks for one, under the event's own key.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as listGet } from '@/app/api/v1/messages/route';
import { GET as unreadGet } from '@/app/api/v1/messages/unread/route';
import { POST as readPost } from '@/app/api/v1/messages/read/route';
import { DELETE as messageDelete } from '@/app/api/v1/messages/[id]/route';
import { GET as settingsGet, PUT as settingsPut } from '@/app/api/v1/messages/settings/route';
import type { MessageItem, MessageKind, MessageSettings, UnreadCounts } from '@/lib/domain/messages';
import { getDb, withTx } from '@/lib/server/db/client';
import type { Page } from '@/lib/server/db/paged';
import { messageSettings, messages, outboxEvents } from '@/lib/server/db/schema';
import { deleteOldMessages, notify, type NoticeParams } from '@/lib/server/modules/messages';
import { deliverNotice } from '@/lib/server/flows/deliver-notice';
import { POST as deregisterCodePost } from '@/app/api/v1/user/deregister-code/route';
import { POST as deregisterPost } from '@/app/api/v1/user/deregister/route';
import { MESSAGE_KEEP_DAYS } from '@/lib/domain/retention';
import { DAY_MS } from '@/lib/domain/shop-time';
import { setSmsProvider, type SmsMessage } from '@/lib/server/sms/provider';
import { HAN } from './helpers';
import { call, ctx, fails, loginNew, ok, req, type Shopper } from './session';

let sent: { m: SmsMessage; key?: string }[] = [];
beforeAll(() => setSmsProvider({ send: async (m, key) => void sent.push({ m, key }) }));
afterAll(() => setSmsProvider(null));
beforeEach(() => {
  sent = [];
});

const as = (u: Shopper | null) => (u ? { token: u.token } : {});
const list = (u: Shopper, query = '') => ok<Page<MessageItem>>(listGet, req('GET', `/messages${query}`, undefined, as(u)));
const unread = (u: Shopper) => ok<UnreadCounts>(unreadGet, req('GET', '/messages/unread', undefined, as(u)));
const read = (u: Shopper, body: unknown) => ok<UnreadCounts>(readPost, req('POST', '/messages/read', body, as(u)));
const remove = (u: Shopper, id: number | string) => call(messageDelete, req('DELETE', `/messages/${id}`, undefined, as(u)), ctx({ id }));
const settings = (u: Shopper) => ok<MessageSettings>(settingsGet, req('GET', '/messages/settings', undefined, as(u)));
const saveSettings = (u: Shopper, body: unknown) => call<MessageSettings>(settingsPut, req('PUT', '/messages/settings', body, as(u)));

let seq = 0;
/** An event told to `u` through the outbox, in a transaction of its own (delivered after the commit). */
async function tell<K extends MessageKind>(u: Shopper, kind: K, params: NoticeParams[K], key: string | number = `t${++seq}-${u.userId}`) {
  await withTx((tx) => notify(tx, u.userId, kind, params, key));
}
const paid = (u: Shopper, orderNo = `2026${String(++seq).padStart(10, '0')}`) => tell(u, 'order_paid', { orderNo, amount: '¥99.00' }, orderNo);
const coupon = (u: Shopper, n = ++seq) => tell(u, 'coupon_expiring', { coupon: `满100减${n}`, expiresAt: '2026-11-27 23:59' }, n);
const invoice = (u: Shopper, n = ++seq) => tell(u, 'invoice_issued', { orderNo: `2026${String(n).padStart(10, '0')}`, invoiceId: String(n) }, n);

/** The SMS `u` got about events (not the login code). */
const smsTo = (u: Shopper) => sent.filter((s) => s.m.phone === u.phone && s.m.template !== 'login_code');

async function rowsOf(u: Shopper) {
  const db = await getDb();
  return db.select().from(messages).where(eq(messages.userId, u.userId));
}

describe('消息中心 API', () => {
  it('asks a visitor to log in', async () => {
    for (const [h, r] of [
      [listGet, req('GET', '/messages')],
      [unreadGet, req('GET', '/messages/unread')],
      [readPost, req('POST', '/messages/read', { all: true })],
      [settingsGet, req('GET', '/messages/settings')],
      [settingsPut, req('PUT', '/messages/settings', { sms: { trade: true, aftersale: true, promotion: true, service: true } })],
    ] as const) {
      const { res, body } = await call(h, r);
      expect(res.status).toBe(401);
      expect(body.resultCode).toBe(416);
      expect(body.message).toMatch(HAN);
    }
    const { res } = await call(messageDelete, req('DELETE', '/messages/1'), ctx({ id: 1 }));
    expect(res.status).toBe(401);
  });

  it('lists newest first with title, body, link, category and read, paged and by category', async () => {
    const u = await loginNew();
    await paid(u, '20261126000001');
    await coupon(u);
    await invoice(u);
    const all = await list(u);
    expect(all.total).toBe(3);
    expect(all.items.map((m) => m.category)).toEqual(['service', 'promotion', 'trade']);
    const order = all.items[2];
    expect(order).toMatchObject({ title: '订单支付成功', read: false, link: '/OrderDetail?orderNo=20261126000001' });
    expect(order.body).toContain('20261126000001');
    expect(order.body).toContain('¥99.00');
    expect(Date.parse(order.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Object.keys(order).sort()).toEqual(['body', 'category', 'createdAt', 'id', 'link', 'read', 'title']);

    expect((await list(u, '?category=promotion')).items.map((m) => m.title)).toEqual(['优惠券即将过期']);
    expect((await list(u, '?category=')).total).toBe(3);
    expect((await list(u, '?category=aftersale')).items).toEqual([]);

    for (let i = 0; i < 10; i++) await coupon(u);
    const p1 = await list(u, '?page=1&pageSize=10');
    const p2 = await list(u, '?page=2&pageSize=10');
    expect(p1).toMatchObject({ total: 13, page: 1, pageSize: 10 });
    expect(p1.items).toHaveLength(10);
    expect(p2.items).toHaveLength(3);
    expect(new Set([...p1.items, ...p2.items].map((m) => m.id)).size).toBe(13);
    expect(p2.items.at(-1)!.id).toBe(order.id);
    // A page past the end is empty, a bad page size falls back to the default.
    expect((await list(u, '?page=9')).items).toEqual([]);
    expect((await list(u, '?pageSize=7')).pageSize).toBe(10);
  });

  it('refuses a category that does not exist, in Chinese', async () => {
    const u = await loginNew();
    const msg = await fails(400, listGet, req('GET', '/messages?category=spam', undefined, as(u)));
    expect(msg).toBe('消息分类不正确');
  });

  it('counts unread messages by category, and marks read by ids, by category and all', async () => {
    const u = await loginNew();
    const other = await loginNew();
    await paid(u);
    await paid(u);
    await coupon(u);
    await invoice(u);
    await paid(other);
    expect(await unread(u)).toEqual({ total: 4, byCategory: { trade: 2, aftersale: 0, promotion: 1, service: 1 } });

    const [newest] = (await list(u, '?category=trade')).items;
    const otherId = (await list(other)).items[0].id;
    // Another shopper's id is passed over: it stays unread for them.
    expect(await read(u, { ids: [newest.id, otherId] })).toEqual({ total: 3, byCategory: { trade: 1, aftersale: 0, promotion: 1, service: 1 } });
    expect((await list(u, '?category=trade')).items.map((m) => m.read)).toEqual([true, false]);
    expect((await unread(other)).total).toBe(1);
    // Read again: nothing changes.
    expect((await read(u, { ids: [newest.id] })).total).toBe(3);

    expect(await read(u, { all: true, category: 'promotion' })).toEqual({ total: 2, byCategory: { trade: 1, aftersale: 0, promotion: 0, service: 1 } });
    expect(await read(u, { all: true })).toEqual({ total: 0, byCategory: { trade: 0, aftersale: 0, promotion: 0, service: 0 } });
    expect((await list(u)).items.every((m) => m.read)).toBe(true);
    expect((await unread(other)).total).toBe(1);
  });

  it('refuses a 已读 without ids or all, in Chinese', async () => {
    const u = await loginNew();
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [0] }, { all: false }, { all: true, category: 'spam' }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'nope']) {
      const { res, body: env } = await call(readPost, req('POST', '/messages/read', body, as(u)));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(env.message).toMatch(HAN);
    }
  });

  it('deletes a shopper’s own message; another shopper’s, or one that is gone, is 404', async () => {
    const u = await loginNew();
    const other = await loginNew();
    await paid(u);
    await paid(other);
    const [mine] = (await list(u)).items;
    const [theirs] = (await list(other)).items;

    const notMine = await remove(u, theirs.id);
    expect(notMine.body.resultCode).toBe(404);
    expect(notMine.body.message).toBe('消息不存在');
    expect((await list(other)).total).toBe(1);

    expect((await remove(u, mine.id)).body.resultCode).toBe(200);
    expect((await list(u)).total).toBe(0);
    expect((await unread(u)).total).toBe(0);
    expect((await remove(u, mine.id)).body.resultCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '99999999999']) expect((await remove(u, bad)).body.resultCode).toBe(404);
  });

  it('answers the 消息设置 defaults, saves them, and refuses bad ones in Chinese', async () => {
    const u = await loginNew();
    expect(await settings(u)).toEqual({ sms: { trade: true, aftersale: true, promotion: false, service: false } });
    const next = { sms: { trade: false, aftersale: true, promotion: true, service: false } };
    const { body } = await saveSettings(u, next);
    expect(body.resultCode).toBe(200);
    expect(body.data).toEqual(next);
    expect(await settings(u)).toEqual(next);
    // Another shopper still has the defaults.
    expect((await settings(await loginNew())).sms.trade).toBe(true);

    for (const bad of [{}, { sms: {} }, { sms: { ...next.sms, trade: 'yes' } }, { sms: { trade: true } }, { sms: null }, []]) {
      const { res, body: env } = await saveSettings(u, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(env.message).toMatch(HAN);
    }
    expect(await settings(u)).toEqual(next);
  });
});

describe('notify: one message and at most one SMS per event', () => {
  it('writes an event told twice (a retried request, two instances) once', async () => {
    const u = await loginNew();
    await paid(u, '20261126000777');
    await paid(u, '20261126000777');
    await Promise.all(Array.from({ length: process.env.TEST_DB === 'postgres' ? 50 : 5 }, () => paid(u, '20261126000777')));
    expect(await rowsOf(u)).toHaveLength(1);
    expect(smsTo(u)).toHaveLength(1);
  });

  it('writes one message when the same outbox event is delivered again, and sends its SMS under the same key', async () => {
    const u = await loginNew();
    await paid(u, '20261126000888');
    const db = await getDb();
    const [e] = await db.select().from(outboxEvents).where(eq(outboxEvents.dedupeKey, 'notify:order_paid:20261126000888'));
    expect(e.deliveredAt).not.toBeNull();
    // What a crash between the send and the delivered mark leads to: the handler runs again.
    await deliverNotice(e.payload as Parameters<typeof deliverNotice>[0], e.id);
    await deliverNotice(e.payload as Parameters<typeof deliverNotice>[0], e.id);
    expect(await rowsOf(u)).toHaveLength(1);
    const mine = smsTo(u);
    // The gateway keeps one SMS per Idempotency-Key (docs/outbox.md#delivery): every send of this event has the same one.
    expect(new Set(mine.map((s) => s.key))).toEqual(new Set([`outbox-${e.id}`]));
  });

  it('sends an SMS only for the categories 消息设置 switched on, and payment news always', async () => {
    const u = await loginNew();
    // Defaults: 交易物流 on, 优惠促销 and 服务通知 off.
    await tell(u, 'order_shipped', { orderNo: '20261126000101', carrier: '顺丰速运', trackingNo: 'SF1234567890' });
    await coupon(u);
    await invoice(u);
    expect(smsTo(u).map((s) => s.m.template)).toEqual(['order_shipped']);
    expect((await rowsOf(u)).map((r) => r.kind).sort()).toEqual(['coupon_expiring', 'invoice_issued', 'order_shipped']);

    sent = [];
    await saveSettings(u, { sms: { trade: false, aftersale: false, promotion: true, service: false } });
    await tell(u, 'order_shipped', { orderNo: '20261126000102', carrier: '顺丰速运', trackingNo: 'SF1234567891' });
    await paid(u, '20261126000103');
    await tell(u, 'after_sale_refunded', { afterSaleNo: 'AS20261126000001', amount: '¥10.00' });
    await tell(u, 'after_sale_approved', { afterSaleNo: 'AS20261126000002' });
    await coupon(u);
    expect(smsTo(u).map((s) => s.m.template)).toEqual(['order_paid', 'after_sale_refunded', 'coupon_expiring']);
    const shipped = sent.find((s) => s.m.template === 'order_paid')!;
    expect(shipped.m.params).toMatchObject({ orderNo: '20261126000103', amount: '¥99.00' });
  });
});

describe('retention and 注销账号', () => {
  it('deletes messages older than 90 days and keeps the rest', async () => {
    const u = await loginNew();
    await paid(u);
    await paid(u);
    await paid(u);
    const db = await getDb();
    const [old, edge] = (await rowsOf(u)).map((r) => r.id);
    await db.update(messages).set({ createdAt: new Date(Date.now() - (MESSAGE_KEEP_DAYS + 1) * DAY_MS) }).where(eq(messages.id, old));
    await db.update(messages).set({ createdAt: new Date(Date.now() - (MESSAGE_KEEP_DAYS - 1) * DAY_MS) }).where(eq(messages.id, edge));
    expect(await deleteOldMessages()).toBeGreaterThanOrEqual(1);
    const left = (await list(u)).items.map((m) => m.id);
    expect(left).toHaveLength(2);
    expect(left).toContain(edge);
    expect(left).not.toContain(old);
  });

  it('注销账号 erases the shopper’s messages and 消息设置; a notice still in the outbox then writes nothing', async () => {
    const u = await loginNew();
    await paid(u);
    await saveSettings(u, { sms: { trade: false, aftersale: false, promotion: true, service: true } });
    const db = await getDb();
    const [e] = await db.select().from(outboxEvents).where(eq(outboxEvents.dedupeKey, `notify:order_paid:${(await rowsOf(u))[0].sourceKey.split(':')[1]}`));
    const { devCode } = await ok<{ devCode: string }>(deregisterCodePost, req('POST', '/user/deregister-code', {}, as(u)));
    await ok(deregisterPost, req('POST', '/user/deregister', { code: devCode }, as(u)));
    expect(await rowsOf(u)).toEqual([]);
    expect(await db.select().from(messageSettings).where(inArray(messageSettings.userId, [u.userId]))).toEqual([]);
    sent = [];
    await deliverNotice(e.payload as Parameters<typeof deliverNotice>[0], e.id);
    expect(await rowsOf(u)).toEqual([]);
    expect(smsTo(u)).toEqual([]);
  });
});

describe('50 at once (PostgreSQL)', () => {
  it.runIf(process.env.TEST_DB === 'postgres')('50 concurrent 已读, 删除 and 消息设置 saves of one shopper: every answer 2xx or 404, the counts right', async () => {
    const u = await loginNew();
    for (let i = 0; i < 20; i++) await coupon(u);
    const ids = (await list(u, '?pageSize=20')).items.map((m) => m.id);
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 5 === 0
        ? remove(u, ids[i / 5]).then((r) => r.body.resultCode)
        : i % 5 === 1
          ? call(readPost, req('POST', '/messages/read', { all: true }, as(u))).then((r) => r.body.resultCode)
          : i % 5 === 2
            ? call(readPost, req('POST', '/messages/read', { ids: ids.slice(10) }, as(u))).then((r) => r.body.resultCode)
            : saveSettings(u, { sms: { trade: i % 2 === 0, aftersale: true, promotion: false, service: false } }).then((r) => r.body.resultCode),
    );
    expect(new Set(await Promise.all(calls))).toEqual(new Set([200]));
    expect((await list(u)).total).toBe(10);
    expect(await unread(u)).toEqual({ total: 0, byCategory: { trade: 0, aftersale: 0, promotion: 0, service: 0 } });
    const db = await getDb();
    expect(await db.select().from(messageSettings).where(eq(messageSettings.userId, u.userId))).toHaveLength(1);
  });
});
