/**
 * Idempotency keys (docs/decisions/retries.md): a mutating request sent again with its Idempotency-Key
 * gets the first answer back and does nothing again (a lead, an address, an order, a 在线客服 line, a
 * cart add); the same key with another body is a 422; another caller's same key is its own; 50 requests
 * at once with one key do the work once; a reservation left by a dead instance is taken over at once,
 * and redone only when nothing of it committed. Runs on PGlite and PostgreSQL.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { POST as leadsPost } from '@/app/api/v1/leads/route';
import { POST as addressesPost } from '@/app/api/v1/addresses/route';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { POST as cartPost } from '@/app/api/v1/cart/items/route';
import { GET as cartGet } from '@/app/api/v1/cart/route';
import { POST as conversationsPost } from '@/app/api/v1/support/conversations/route';
import { POST as supportLinePost } from '@/app/api/v1/support/conversations/[id]/messages/route';
import { POST as uploadsPost } from '@/app/api/v1/uploads/route';
import { getDb, getDbHandle } from '@/lib/server/db/client';
import { INSTANCE_LOCK_CLASS } from '@/lib/server/db/instance-lock';
import { addresses, idempotencyKeys, leads, orders, supportMessages, uploads } from '@/lib/server/db/schema';
import { BASE, HAN } from './helpers';
import { TINY_PNG } from '../support/tiny-png';
import { ADDRESS, buyer, call, cartCookieOf, ctx, loginNew, makeSku, nextIp, req, stockOf, type Handler, type Opts } from './session';

const LEAD = { name: '李四', company: '合肥重放测试有限公司', phone: '13800138000', email: '', product: '量子会议', seats: 10, message: '' };

const keyed = (key: string, o: Opts = {}): Opts => ({ ...o, headers: { ...o.headers, 'idempotency-key': key } });
const newKey = () => `t-${crypto.randomUUID()}`;

async function raw(handler: Handler, request: Request, c?: unknown) {
  const res = await handler(request, c);
  return { res, text: await res.text() };
}

async function leadsOf(company: string): Promise<number> {
  const [{ n }] = await (await getDb()).select({ n: count() }).from(leads).where(eq(leads.company, company));
  return n;
}

async function addressesOf(userId: number): Promise<number> {
  const [{ n }] = await (await getDb()).select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return n;
}

describe('a repeat with the same key', () => {
  it('a lead (anonymous, by address): the identical answer, one row; without a key two rows as before', async () => {
    const ip = nextIp();
    const company = `重放${newKey()}`.slice(0, 40);
    const key = newKey();
    const first = await raw(leadsPost, req('POST', '/leads', { ...LEAD, company }, keyed(key, { ip })));
    const again = await raw(leadsPost, req('POST', '/leads', { ...LEAD, company }, keyed(key, { ip })));
    expect(first.res.status).toBe(200);
    expect(again.res.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await leadsOf(company)).toBe(1);

    await call(leadsPost, req('POST', '/leads', { ...LEAD, company }, { ip }));
    await call(leadsPost, req('POST', '/leads', { ...LEAD, company }, { ip }));
    expect(await leadsOf(company)).toBe(3);
  });

  it('an address: one row; the same key with another body → 422 in Chinese, nothing written', async () => {
    const u = await loginNew();
    const key = newKey();
    const first = await raw(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })));
    const again = await raw(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })));
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text));
    expect(await addressesOf(u.userId)).toBe(1);

    const { res, body } = await call(addressesPost, req('POST', '/addresses', { ...ADDRESS, name: '王五' }, keyed(key, { token: u.token })));
    expect(res.status).toBe(422);
    expect(body.message).toMatch(HAN);
    expect(await addressesOf(u.userId)).toBe(1);
  });

  it('another shopper with the same key does its own work and never sees the first answer', async () => {
    const [a, b] = [await loginNew(), await loginNew()];
    const key = newKey();
    const first = await call<{ id: number; name: string }>(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: a.token })));
    const other = await call<{ id: number; name: string }>(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: b.token })));
    expect(other.body.resultCode).toBe(200);
    expect(other.res.headers.get('idempotent-replayed')).toBeNull();
    expect(other.body.data!.id).not.toBe(first.body.data!.id);
    expect([await addressesOf(a.userId), await addressesOf(b.userId)]).toEqual([1, 1]);
  });

  it('an order: the identical answer, one order, stock taken once', async () => {
    const u = await buyer();
    const sku = await makeSku({ kind: 'device', stock: 10 });
    const key = newKey();
    const body = { items: [{ skuId: sku.skuId, quantity: 2 }], addressId: u.addressId, idempotencyKey: key };
    const first = await raw(ordersPost, req('POST', '/orders', body, keyed(key, { token: u.token })));
    const again = await raw(ordersPost, req('POST', '/orders', body, keyed(key, { token: u.token })));
    expect(again.text).toBe(first.text);
    const [{ n }] = await (await getDb()).select({ n: count() }).from(orders).where(eq(orders.userId, u.userId));
    expect(n).toBe(1);
    expect(await stockOf(sku.skuId)).toBe(8);
  });

  it('a 在线客服 line: written once', async () => {
    const u = await loginNew();
    const conv = await call<{ id: number }>(conversationsPost, req('POST', '/support/conversations', { text: '你好，想问一下发货时间' }, { token: u.token }));
    const id = conv.body.data!.id;
    const key = newKey();
    const send = () => raw(supportLinePost, req('POST', `/support/conversations/${id}/messages`, { text: '还在吗？' }, keyed(key, { token: u.token })), ctx({ id }));
    const first = await send();
    const again = await send();
    expect(first.res.status).toBe(200);
    expect(again.text).toBe(first.text);
    const rows = await (await getDb()).select().from(supportMessages).where(and(eq(supportMessages.conversationId, id), eq(supportMessages.text, '还在吗？')));
    expect(rows).toHaveLength(1);
  });

  it("a visitor's first cart add: the same cart cookie again, the quantity added once", async () => {
    const ip = nextIp();
    const sku = await makeSku({ stock: 50 });
    const key = newKey();
    const add = (cookie?: string) => cartPost(req('POST', '/cart/items', { skuId: sku.skuId, quantity: 3 }, keyed(key, { ip, cookie })), undefined);
    const first = await add();
    const again = await add();
    const cookie = cartCookieOf(first);
    expect(cookie).toBeDefined();
    expect(cartCookieOf(again)).toBe(cookie);
    // The browser may keep the cookie of an answer whose body it never got: the retry is the same add.
    const withCookie = await add(cookie);
    expect(withCookie.headers.get('idempotent-replayed')).toBe('true');
    const cart = await call<{ items: { skuId: number; quantity: number }[] }>(cartGet, req('GET', '/cart', undefined, { cookie }));
    expect(cart.body.data!.items.find((i) => i.skuId === sku.skuId)?.quantity).toBe(3);
  });

  it('a photo sent again as multipart under a new boundary (as a browser re-sends a FormData) is the same upload', async () => {
    const u = await loginNew();
    const key = newKey();
    const form = new FormData();
    form.set('file', new Blob([TINY_PNG], { type: 'image/png' }), 'photo.png');
    // Each Request serialises the form with a boundary of its own.
    const send = () => new Request(`${BASE}/uploads`, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', 'x-test-peer': nextIp(), token: u.token, 'idempotency-key': key }, body: form });
    const [a, b] = [send(), send()];
    expect(a.headers.get('content-type')).not.toBe(b.headers.get('content-type'));
    const first = await raw(uploadsPost, a);
    const again = await raw(uploadsPost, b);
    expect(first.res.status).toBe(200);
    expect(again.res.status).toBe(200);
    expect(again.text).toBe(first.text);
    const rows = await (await getDb()).select().from(uploads).where(eq(uploads.userId, u.userId));
    expect(rows).toHaveLength(1);
  });

  it('a malformed key → 400 in Chinese', async () => {
    const { res, body } = await call(leadsPost, req('POST', '/leads', LEAD, keyed('short')));
    expect(res.status).toBe(400);
    expect(body.message).toMatch(HAN);
  });
});

describe('one key at once', () => {
  it('50 requests together: one address; the others replay it or are told to wait (409, Retry-After)', async () => {
    const u = await loginNew();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => raw(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })))));
    expect(await addressesOf(u.userId)).toBe(1);
    const done = answers.filter((a) => a.res.status === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(new Set(done.map((a) => (JSON.parse(a.text) as { data: { id: number } }).data.id)).size).toBe(1);
    for (const busy of answers.filter((a) => a.res.status !== 200)) {
      expect(busy.res.status).toBe(409);
      expect(busy.res.headers.get('retry-after')).toBe('1');
      expect((JSON.parse(busy.text) as { message: string }).message).toMatch(HAN);
    }
    // Once the first has answered, every repeat gets its answer.
    const later = await raw(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })));
    expect(later.res.status).toBe(200);
    expect(await addressesOf(u.userId)).toBe(1);
  });
});

describe('a reservation whose instance died', () => {
  /** The key's row as a request left it when its instance was killed mid-work. */
  async function orphan(key: string, owner: number, committed: boolean) {
    const db = await getDb();
    await db.update(idempotencyKeys).set({ owner, committed, status: null, headers: null, body: null }).where(eq(idempotencyKeys.key, key));
  }
  const DEAD = 1_999_999_999;

  it('nothing committed: the retry does the work at once', async () => {
    const u = await loginNew();
    const key = newKey();
    const first = await call<{ id: number }>(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })));
    // Killed before its transaction committed: its address was never written.
    await (await getDb()).delete(addresses).where(eq(addresses.id, first.body.data!.id));
    await orphan(key, DEAD, false);
    const started = Date.now();
    const retry = await call<{ id: number }>(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(retry.body.resultCode).toBe(200);
    expect(await addressesOf(u.userId)).toBe(1);
    const replay = await call<{ id: number }>(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })));
    expect(replay.body.data!.id).toBe(retry.body.data!.id);
  });

  it('its work committed but its answer was lost: nothing is done twice, and the shopper is told so', async () => {
    const u = await loginNew();
    const key = newKey();
    await call(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })));
    await orphan(key, DEAD, true);
    const { res, body } = await call(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })));
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(body.message).toMatch(/已经生效/);
    expect(await addressesOf(u.userId)).toBe(1);
  });

  it('its work committed but its answer was lost, on a route that finds its own write again: the retry answers that write', async () => {
    const u = await loginNew();
    const db = await getDb();
    // 联系客服: the first line opens the conversation; its retry answers the same conversation, one line.
    const startKey = newKey();
    const start = () => call<{ id: number }>(conversationsPost, req('POST', '/support/conversations', { text: '耳机什么时候发货？' }, keyed(startKey, { token: u.token })));
    const opened = await start();
    await orphan(startKey, DEAD, true);
    const reopened = await start();
    expect(reopened.res.status).toBe(200);
    const id = opened.body.data!.id;
    expect(reopened.body.data!.id).toBe(id);
    // A later line: the retry answers the line written, not a second one.
    const lineKey = newKey();
    const send = () => call<{ id: number; text: string }>(supportLinePost, req('POST', `/support/conversations/${id}/messages`, { text: '麻烦尽快' }, keyed(lineKey, { token: u.token })), ctx({ id }));
    const sent = await send();
    await orphan(lineKey, DEAD, true);
    const resent = await send();
    expect(resent.res.status).toBe(200);
    expect(resent.body.data!.id).toBe(sent.body.data!.id);
    const lines = await db.select().from(supportMessages).where(and(eq(supportMessages.conversationId, id), eq(supportMessages.author, 'shopper'))).orderBy(supportMessages.id);
    expect(lines.map((l) => l.text)).toEqual(['耳机什么时候发货？', '麻烦尽快']);
    // An order: found again by its own idempotencyKey, the stock taken once.
    const b = await buyer();
    const sku = await makeSku({ kind: 'device', stock: 10 });
    const orderKey = newKey();
    const order = () => call<{ orderNo: string }>(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.skuId, quantity: 2 }], addressId: b.addressId, idempotencyKey: orderKey }, keyed(orderKey, { token: b.token })));
    const placed = await order();
    await orphan(orderKey, DEAD, true);
    const again = await order();
    expect(again.res.status).toBe(200);
    expect(again.body.data!.orderNo).toBe(placed.body.data!.orderNo);
    expect(await stockOf(sku.skuId)).toBe(8);
  });

  it('a transaction of a keyed request marks its key committed in that transaction', async () => {
    const u = await loginNew();
    const key = newKey();
    await call(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })));
    const [row] = await (await getDb()).select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({ owner: null, committed: true, status: 200 });
  });

  it('a route that finds its own write again keeps no key: a repeat runs again and answers the order it wrote', async () => {
    const b = await buyer();
    const sku = await makeSku({ kind: 'device', stock: 10 });
    const key = newKey();
    const order = () => call<{ orderNo: string }>(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.skuId, quantity: 2 }], addressId: b.addressId, idempotencyKey: key }, keyed(key, { token: b.token })));
    const placed = await order();
    expect(placed.res.status).toBe(200);
    expect(await (await getDb()).select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const again = await order();
    expect(again.res.status).toBe(200);
    expect(again.body.data!.orderNo).toBe(placed.body.data!.orderNo);
    expect(await stockOf(sku.skuId)).toBe(8);
  });

  it('a lead and a cart add, written outside any other transaction, mark theirs too', async () => {
    const ip = nextIp();
    const sku = await makeSku({ stock: 5 });
    const [leadKey, cartKey] = [newKey(), newKey()];
    await call(leadsPost, req('POST', '/leads', LEAD, keyed(leadKey, { ip })));
    await call(cartPost, req('POST', '/cart/items', { skuId: sku.skuId, quantity: 1 }, keyed(cartKey, { ip })));
    const rows = await (await getDb()).select().from(idempotencyKeys).where(inArray(idempotencyKeys.key, [leadKey, cartKey]));
    expect(rows.map((r) => r.committed)).toEqual([true, true]);
  });

  it('an owner still alive: the retry waits its turn (409, Retry-After), then takes over once it is gone', async () => {
    const u = await loginNew();
    const key = newKey();
    const first = await call<{ id: number }>(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })));
    await (await getDb()).delete(addresses).where(eq(addresses.id, first.body.data!.id));
    const handle = await getDbHandle();
    let release: () => Promise<void>;
    if (handle.kind === 'postgres') {
      // Another instance: its liveness lock held on a connection of its own.
      const other = await (handle.db as unknown as { $client: pg.Pool }).$client.connect();
      await other.query('select pg_advisory_lock($1, $2)', [INSTANCE_LOCK_CLASS, DEAD]);
      await orphan(key, DEAD, false);
      release = async () => {
        await other.query('select pg_advisory_unlock($1, $2)', [INSTANCE_LOCK_CLASS, DEAD]);
        other.release();
      };
    } else {
      // PGlite has one process: a request of this one still running.
      await orphan(key, handle.liveness.id, false);
      release = () => orphan(key, DEAD, false);
    }
    const busy = await call(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })));
    expect(busy.res.status).toBe(409);
    expect(busy.res.headers.get('retry-after')).toBe('1');
    expect(await addressesOf(u.userId)).toBe(0);
    await release();
    const retry = await call(addressesPost, req('POST', '/addresses', ADDRESS, keyed(key, { token: u.token })));
    expect(retry.body.resultCode).toBe(200);
    expect(await addressesOf(u.userId)).toBe(1);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('a process SIGKILLed while holding its liveness lock is seen dead within a second', async () => {
    const handle = await getDbHandle();
    const url = (handle.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const id = 1_999_999_998;
    const holder = spawn(
      process.execPath,
      ['-e', `const pg = require('pg'); const c = new pg.Client({ connectionString: process.argv[1] }); c.connect().then(() => c.query('select pg_advisory_lock($1, $2)', [${INSTANCE_LOCK_CLASS}, ${id}])).then(() => { console.log('locked'); setInterval(() => {}, 1000); });`, url],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve()));
    expect(await handle.liveness.alive(id)).toBe(true);
    holder.kill('SIGKILL');
    const killed = Date.now();
    while (await handle.liveness.alive(id)) {
      expect(Date.now() - killed).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});
