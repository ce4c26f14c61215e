/**
 * 在线客服 (docs/support.md) through its route handlers: one open conversation per shopper, the card,
 * lines and photos, read marks, the operator's queue and answers (audited), the stream delivering an
 * answer and ending with the session, the hourly limit under concurrency, hostile text, out of hours,
 * the 48-hour idle close. Runs on PGlite and PostgreSQL.
 */
process.env.SUPPORT_SESSION_CHECK_MS = '300';

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as conversationsPost } from '@/app/api/v1/support/conversations/route';
import { GET as messagesGet, POST as messagesPost } from '@/app/api/v1/support/conversations/[id]/messages/route';
import { GET as streamGet } from '@/app/api/v1/support/conversations/[id]/stream/route';
import { GET as unreadGet } from '@/app/api/v1/support/unread/route';
import { GET as queueGet } from '@/app/api/v1/admin/support/conversations/route';
import { GET as adminConversationGet } from '@/app/api/v1/admin/support/conversations/[id]/route';
import { POST as takePost } from '@/app/api/v1/admin/support/conversations/[id]/take/route';
import { POST as answerPost } from '@/app/api/v1/admin/support/conversations/[id]/messages/route';
import { POST as closePost } from '@/app/api/v1/admin/support/conversations/[id]/close/route';
import { GET as cannedGet, POST as cannedPost } from '@/app/api/v1/admin/support/canned/route';
import { DELETE as cannedDelete } from '@/app/api/v1/admin/support/canned/[id]/route';
import { POST as uploadsPost } from '@/app/api/v1/uploads/route';
import { POST as logoutPost } from '@/app/api/v1/auth/logout/route';
import { IDLE_CLOSE_TEXT, SUPPORT_MESSAGES_PER_HOUR, SUPPORT_TEXT_MAX } from '@/lib/domain/support';
import { getDb } from '@/lib/server/db/client';
import { supportConversations, supportMessages } from '@/lib/server/db/schema';
import { closeIdleConversations, startConversation, sendShopperMessage } from '@/lib/server/modules/support';
import { auditRows, loginOperator, placeOrder } from './admin-session';
import { BASE, HAN } from './helpers';
import { call, ctx, loginNew, makeSku, nextIp, ok, req, type Shopper } from './session';
import { TINY_PNG } from '../support/tiny-png';

type Line = { id: number; from: 'shopper' | 'shop'; text: string; imageIds: string[]; createdAt: string; read: boolean };
type Lines = { items: Line[]; status: string; readUpTo: number };

const start = (u: Shopper, body: unknown) => call<{ id: number }>(conversationsPost, req('POST', '/support/conversations', body, { token: u.token }));
const lines = (u: Shopper, id: number, q = '') => ok<Lines>(messagesGet, req('GET', `/support/conversations/${id}/messages${q}`, undefined, { token: u.token }), ctx({ id }));
const answer = (op: Shopper, id: number, text: string) => call(answerPost, req('POST', `/admin/support/conversations/${id}/messages`, { text }, { token: op.token }), ctx({ id }));

async function upload(u: Shopper): Promise<string> {
  const form = new FormData();
  form.set('file', new File([TINY_PNG], 'a.png', { type: 'image/png' }));
  const r = new Request(`${BASE}/uploads`, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', token: u.token, 'x-test-peer': nextIp() }, body: form });
  const { body } = await call<{ id: string }>(uploadsPost, r);
  expect(body.resultCode, body.message).toBe(200);
  return body.data!.id;
}

/** Reads server-sent events from a stream until `until` says stop (or the time is up). */
async function readEvents(res: Response, until: (events: { event: string; data: string }[]) => boolean, ms = 4000) {
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  const events: { event: string; data: string }[] = [];
  let buf = '';
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !until(events)) {
    const r = await Promise.race([reader.read(), new Promise<null>((ok) => setTimeout(() => ok(null), Math.max(1, deadline - Date.now())))]);
    if (!r || r.done) break;
    buf += dec.decode(r.value, { stream: true });
    let cut;
    while ((cut = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data });
    }
  }
  await reader.cancel().catch(() => {});
  return events;
}

describe('the shopper side', () => {
  it('联系客服 from a product: one conversation, its card, a second call adds to it', async () => {
    const u = await loginNew();
    const sku = await makeSku();
    const first = await start(u, { text: '这款支持国密吗？', productId: sku.productId });
    expect(first.body.resultCode, first.body.message).toBe(200);
    const again = await start(u, { text: '还想问一下保修' });
    expect(again.body.data!.id).toBe(first.body.data!.id);
    const r = await lines(u, first.body.data!.id);
    expect(r.items.filter((l) => l.from === 'shopper').map((l) => l.text)).toEqual(['这款支持国密吗？', '还想问一下保修']);
    const op = await loginOperator();
    const c = await ok<{ card: { kind: string; productId: number; name: string } }>(adminConversationGet, req('GET', `/admin/support/conversations/${first.body.data!.id}`, undefined, { token: op.token }), ctx({ id: first.body.data!.id }));
    expect(c.card).toMatchObject({ kind: 'product', productId: sku.productId, name: sku.productName });
  });

  it("an order card: the shopper's own order; another shopper's order is 404", async () => {
    const { buyer, order } = await placeOrder();
    const other = await loginNew();
    const foreign = await start(other, { text: '这单什么时候到？', orderNo: order.orderNo });
    expect(foreign.res.status).toBe(404);
    expect(foreign.body.message).toBe('订单不存在');
    const own = await start(buyer, { text: '这单什么时候到？', orderNo: order.orderNo });
    expect(own.body.resultCode).toBe(200);
    const op = await loginOperator();
    const c = await ok<{ card: { kind: string; orderNo: string } }>(adminConversationGet, req('GET', `/admin/support/conversations/${own.body.data!.id}`, undefined, { token: op.token }), ctx({ id: own.body.data!.id }));
    expect(c.card).toMatchObject({ kind: 'order', orderNo: order.orderNo });
    expect((await start(buyer, { text: 'x', orderNo: order.orderNo, productId: 1 })).res.status).toBe(400);
  });

  it("another shopper's conversation is 404, a visitor is asked to log in", async () => {
    const a = await loginNew();
    const b = await loginNew();
    const { id } = (await start(a, { text: '你好' })).body.data!;
    for (const [handler, method, body] of [
      [messagesGet, 'GET', undefined],
      [messagesPost, 'POST', { text: '偷看' }],
      [streamGet, 'GET', undefined],
    ] as const) {
      const mine = await handler(req(method, `/support/conversations/${id}/x`, body, { token: b.token }), ctx({ id }));
      expect(mine.status).toBe(404);
      const anon = await handler(req(method, `/support/conversations/${id}/x`, body), ctx({ id }));
      expect(anon.status).toBe(401);
      expect(((await anon.json()) as { message: string }).message).toBe('请先登录');
    }
    expect((await start({ token: '', userId: 0, phone: '' }, { text: '你好' })).res.status).toBe(401);
  });

  it('text: empty and over 500 characters are refused in Chinese; hostile text is kept as text', async () => {
    const u = await loginNew();
    for (const text of ['', '   ', 'x'.repeat(SUPPORT_TEXT_MAX + 1), 42]) {
      const r = await start(u, { text });
      expect(r.res.status, JSON.stringify(text)).toBe(400);
      expect(r.body.message).toMatch(HAN);
    }
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)> javascript:alert(3) \u0000\u0007结束';
    const { id } = (await start(u, { text: hostile })).body.data!;
    const [line] = (await lines(u, id)).items;
    expect(line.text).toBe('<script>alert(1)</script><img src=x onerror=alert(2)> javascript:alert(3) 结束');
    expect((await start(u, { text: '字'.repeat(SUPPORT_TEXT_MAX) })).body.resultCode).toBe(200);
  });

  it("photos: the shopper's own uploads; another's upload is refused", async () => {
    const u = await loginNew();
    const other = await loginNew();
    const { id } = (await start(u, { text: '看看这个' })).body.data!;
    const mine = await upload(u);
    const theirs = await upload(other);
    const sent = await ok<Line>(messagesPost, req('POST', `/support/conversations/${id}/messages`, { imageIds: [mine] }, { token: u.token }), ctx({ id }));
    expect(sent).toMatchObject({ from: 'shopper', imageIds: [mine], text: '' });
    const bad = await call(messagesPost, req('POST', `/support/conversations/${id}/messages`, { imageIds: [theirs] }, { token: u.token }), ctx({ id }));
    expect(bad.res.status).toBe(400);
    expect(bad.body.message).toBe('图片不存在或已删除');
    expect((await call(messagesPost, req('POST', `/support/conversations/${id}/messages`, {}, { token: u.token }), ctx({ id }))).res.status).toBe(400);
  });
});

describe('the operator side', () => {
  it('queue, answer (audited with the operator), read marks both ways, unread count, close', async () => {
    const u = await loginNew();
    const op = await loginOperator();
    const { id } = (await start(u, { text: '请问发票怎么开？' })).body.data!;
    const waiting = await ok<{ items: { id: number; waitingSince: string | null }[] }>(queueGet, req('GET', '/admin/support/conversations?view=waiting', undefined, { token: op.token }));
    expect(waiting.items.find((c) => c.id === id)?.waitingSince).toBeTruthy();
    expect((await lines(u, id)).items[0].read).toBe(false);

    // The operator opens it: the shopper's line shows 已读.
    await ok(adminConversationGet, req('GET', `/admin/support/conversations/${id}`, undefined, { token: op.token }), ctx({ id }));
    expect((await lines(u, id)).items[0].read).toBe(true);

    await ok(takePost, req('POST', `/admin/support/conversations/${id}/take`, {}, { token: op.token }), ctx({ id }));
    const mine = await ok<{ items: { id: number }[] }>(queueGet, req('GET', '/admin/support/conversations?view=mine', undefined, { token: op.token }));
    expect(mine.items.map((c) => c.id)).toContain(id);

    expect((await answer(op, id, '在“我的订单”里点“申请开票”即可。')).body.resultCode).toBe(200);
    expect(await ok<{ total: number }>(unreadGet, req('GET', '/support/unread', undefined, { token: u.token }))).toEqual({ total: 1 });
    const seen = await lines(u, id);
    expect(seen.items.at(-1)).toMatchObject({ from: 'shop', text: '在“我的订单”里点“申请开票”即可。' });
    expect(await ok<{ total: number }>(unreadGet, req('GET', '/support/unread', undefined, { token: u.token }))).toEqual({ total: 0 });

    const audit = await auditRows('support_conversation', id);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['support.take', 'support.answer']));
    expect(audit.find((a) => a.action === 'support.answer')?.actorUserId).toBe(op.userId);

    // Another operator may not answer a conversation someone took.
    const op2 = await loginOperator();
    expect((await answer(op2, id, '我来')).res.status).toBe(409);

    await ok(closePost, req('POST', `/admin/support/conversations/${id}/close`, {}, { token: op.token }), ctx({ id }));
    const after = await call(messagesPost, req('POST', `/support/conversations/${id}/messages`, { text: '还在吗' }, { token: u.token }), ctx({ id }));
    expect(after.res.status).toBe(409);
    const next = await start(u, { text: '新问题' });
    expect(next.body.data!.id).not.toBe(id);
  });

  it('a shopper is 403 on the console API; 常用语 are the operator’s own', async () => {
    const u = await loginNew();
    expect((await queueGet(req('GET', '/admin/support/conversations', undefined, { token: u.token }), undefined)).status).toBe(403);
    const op = await loginOperator();
    const op2 = await loginOperator();
    const added = await ok<{ id: number; text: string }>(cannedPost, req('POST', '/admin/support/canned', { text: '您好，请稍等，我帮您查一下。' }, { token: op.token }));
    expect((await ok<{ items: { id: number }[] }>(cannedGet, req('GET', '/admin/support/canned', undefined, { token: op2.token }))).items).toEqual([]);
    expect((await cannedDelete(req('DELETE', `/admin/support/canned/${added.id}`, undefined, { token: op2.token }), ctx({ id: added.id }))).status).toBe(404);
    expect((await cannedDelete(req('DELETE', `/admin/support/canned/${added.id}`, undefined, { token: op.token }), ctx({ id: added.id }))).status).toBe(200);
  });
});

describe('live delivery', () => {
  it("the stream delivers the operator's answer without asking, and ends when the shopper logs out", async () => {
    const u = await loginNew();
    const op = await loginOperator();
    const { id } = (await start(u, { text: '在吗？' })).body.data!;
    const res = await streamGet(req('GET', `/support/conversations/${id}/stream`, undefined, { token: u.token }), ctx({ id }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const answered = (async () => {
      await new Promise((r) => setTimeout(r, 300));
      const at = Date.now();
      await answer(op, id, '在的，请讲。');
      return at;
    })();
    const events = await readEvents(res, (ev) => ev.some((e) => e.event === 'messages' && e.data.includes('在的，请讲。')));
    const got = Date.now();
    const sentAt = await answered;
    const delivered = events.filter((e) => e.event === 'messages').flatMap((e) => (JSON.parse(e.data) as Lines).items);
    // (Out of hours, the automatic answer sits between them.)
    expect(delivered[0].text).toBe('在吗？');
    expect(delivered.at(-1)).toMatchObject({ from: 'shop', text: '在的，请讲。' });
    expect(got - sentAt).toBeLessThan(1000);

    const again = await streamGet(req('GET', `/support/conversations/${id}/stream`, undefined, { token: u.token }), ctx({ id }));
    await ok(logoutPost, req('POST', '/auth/logout', {}, { token: u.token }));
    const ended = await readEvents(again, (ev) => ev.some((e) => e.event === 'end'), 3000);
    expect(ended.find((e) => e.event === 'end')?.data).toBe('{"reason":"session"}');
  });
});

describe('limits and time', () => {
  it(`at most ${SUPPORT_MESSAGES_PER_HOUR} lines an hour, however many arrive at once; and one open conversation`, async () => {
    const u = await loginNew();
    const n = SUPPORT_MESSAGES_PER_HOUR + 10;
    const results = await Promise.all(Array.from({ length: n }, (_, i) => start(u, { text: `第 ${i} 条` })));
    const okIds = new Set(results.filter((r) => r.body.resultCode === 200).map((r) => r.body.data!.id));
    expect(results.filter((r) => r.body.resultCode === 200)).toHaveLength(SUPPORT_MESSAGES_PER_HOUR);
    expect(okIds.size).toBe(1);
    const refused = results.find((r) => r.res.status === 429);
    expect(refused?.body.message).toBe('消息发送太频繁，请稍后再试');
    const db = await getDb();
    expect(await db.select().from(supportConversations).where(eq(supportConversations.userId, u.userId))).toHaveLength(1);
  });

  it('out of hours: one automatic answer says when someone replies', async () => {
    const u = await loginNew();
    const night = new Date('2026-03-02T14:30:00Z'); // 22:30 Beijing
    const { id } = await startConversation(u.userId, { text: '深夜打扰' }, night);
    await sendShopperMessage(u.userId, id, { text: '还有一个问题' }, new Date(night.getTime() + 60_000));
    const shop = (await lines(u, id)).items.filter((l) => l.from === 'shop');
    expect(shop).toHaveLength(1);
    expect(shop[0].text).toContain('9:00–21:00');
    expect(shop[0].text).toContain('明天 9:00');
    const early = await loginNew();
    const dawn = await startConversation(early.userId, { text: '早' }, new Date('2026-03-02T22:30:00Z')); // 06:30 Beijing
    expect((await lines(early, dawn.id)).items.find((l) => l.from === 'shop')?.text).toContain('今天 9:00');
    const day = await loginNew();
    const noon = await startConversation(day.userId, { text: '中午' }, new Date('2026-03-02T04:00:00Z')); // 12:00 Beijing
    expect((await lines(day, noon.id)).items.filter((l) => l.from === 'shop')).toHaveLength(0);
  });

  it('a conversation idle for 48 hours closes by itself with a line saying so', async () => {
    const u = await loginNew();
    const { id } = (await start(u, { text: '你好' })).body.data!;
    const db = await getDb();
    await db.update(supportConversations).set({ lastMessageAt: new Date(Date.now() - 49 * 3600_000) }).where(eq(supportConversations.id, id));
    expect(await closeIdleConversations()).toBeGreaterThanOrEqual(1);
    const r = await lines(u, id);
    expect(r.status).toBe('closed');
    expect(r.items.at(-1)).toMatchObject({ from: 'shop', text: IDLE_CLOSE_TEXT });
    expect(await closeIdleConversations()).toBe(0);
    const [row] = await db.select().from(supportMessages).where(and(eq(supportMessages.conversationId, id), eq(supportMessages.text, IDLE_CLOSE_TEXT)));
    expect(row).toBeTruthy();
  });
});
