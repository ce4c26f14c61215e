/**
 * 在线客服's sessions and cards (docs/support.md#the-conversation, #the-conversation): after 结束 the shopper's
 * next question opens a new session and every earlier one stays readable, page by page, each with its
 * own card, for the shopper and in the console; a card may name the shopper's own 售后单 (its item, not
 * the order's first) or invoice, another's is 404; the queue shows the shopper's words, not the
 * automatic answer; 接入 records who and when; operators send photos the shopper may open; bidirectional
 * controls never reach a line; ids past the database's range are a 400.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as conversationsGet, POST as conversationsPost } from '@/app/api/v1/support/conversations/route';
import { GET as messagesGet } from '@/app/api/v1/support/conversations/[id]/messages/route';
import { GET as queueGet } from '@/app/api/v1/admin/support/conversations/route';
import { GET as adminConversationGet } from '@/app/api/v1/admin/support/conversations/[id]/route';
import { POST as takePost } from '@/app/api/v1/admin/support/conversations/[id]/take/route';
import { POST as answerPost } from '@/app/api/v1/admin/support/conversations/[id]/messages/route';
import { POST as closePost } from '@/app/api/v1/admin/support/conversations/[id]/close/route';
import { getDb } from '@/lib/server/db/client';
import { invoices, orders } from '@/lib/server/db/schema';
import { startConversation } from '@/lib/server/modules/support';
import { ask, bought, draft, readUpload, upload, withGateway } from './after-sales-kit';
import { loginOperator } from './admin-session';
import { buyer, call, ctx, loginNew, makeSku, ok, req, type Shopper } from './session';

type Line = { id: number; from: 'shopper' | 'shop'; text: string; imageIds: string[] };
type Card = Record<string, unknown> & { kind: string };
type Session = { id: number; status: string; card: Card | null; items: Line[] };
type AdminView = { status: string; operator: string | null; takenAt: string | null; card: Card | null; items: Line[]; earlier: { sessions: Session[]; more: boolean } };

const start = (u: Shopper, body: unknown) => call<{ id: number }>(conversationsPost, req('POST', '/support/conversations', body, { token: u.token }));
const started = async (u: Shopper, body: unknown) => {
  const r = await start(u, body);
  expect(r.body.resultCode, r.body.message).toBe(200);
  return r.body.data!.id;
};
const earlier = (u: Shopper, before?: number) => ok<{ items: Session[]; more: boolean }>(conversationsGet, req('GET', `/support/conversations${before ? `?before=${before}` : ''}`, undefined, { token: u.token }));
const view = (op: Shopper, id: number) => ok<AdminView>(adminConversationGet, req('GET', `/admin/support/conversations/${id}`, undefined, { token: op.token }), ctx({ id }));
const answer = (op: Shopper, id: number, body: unknown) => call(answerPost, req('POST', `/admin/support/conversations/${id}/messages`, body, { token: op.token }), ctx({ id }));
const close = (op: Shopper, id: number) => ok(closePost, req('POST', `/admin/support/conversations/${id}/close`, {}, { token: op.token }), ctx({ id }));

withGateway();

describe('sessions', () => {
  it('after 结束 the next question opens a new session; the earlier ones stay, page by page, each with its own card, for the shopper and the console', async () => {
    const u = await loginNew();
    const stranger = await loginNew();
    await started(stranger, { text: '别人的问题' });
    const op = await loginOperator();
    const sku = await makeSku();
    const first = await started(u, { text: '怎么退货？', productId: sku.productId });
    expect((await answer(op, first, { text: '退货地址：合肥市科学大道 909 号' })).body.resultCode).toBe(200);
    await close(op, first);
    const ids = [first];
    for (const q of ['第二次咨询', '第三次咨询', '第四次咨询']) {
      const id = await started(u, { text: q });
      await close(op, id);
      ids.push(id);
    }
    const now = await started(u, { text: '刚才的退货地址是哪里？' });
    expect(ids).not.toContain(now);

    // The shopper: the three sessions before the current one, oldest first, then the first one.
    const page1 = await earlier(u, now);
    expect(page1.items.map((s) => s.id)).toEqual(ids.slice(1));
    expect(page1.more).toBe(true);
    const page2 = await earlier(u, page1.items[0].id);
    expect(page2.items.map((s) => s.id)).toEqual([first]);
    expect(page2.more).toBe(false);
    expect(page2.items[0].items.map((l) => l.text)).toContain('退货地址：合肥市科学大道 909 号');
    expect(page2.items[0].card).toMatchObject({ kind: 'product', productId: sku.productId });
    expect(page1.items.every((s) => s.card === null && s.status === 'closed')).toBe(true);
    expect(JSON.stringify([page1, page2])).not.toContain('别人的问题');

    // The console: the new conversation has no card (it was asked from nothing); its earlier sessions have theirs.
    const v = await view(op, now);
    expect(v.card).toBeNull();
    expect(v.earlier.sessions.map((s) => s.id)).toEqual(ids.slice(1));
    expect(v.earlier.more).toBe(true);
    const all = await ok<AdminView>(adminConversationGet, req('GET', `/admin/support/conversations/${now}?earlier=10`, undefined, { token: op.token }), ctx({ id: now }));
    expect(all.earlier.sessions.map((s) => s.id)).toEqual(ids);
    expect(all.earlier.sessions[0].card).toMatchObject({ kind: 'product', productId: sku.productId });
    expect(all.earlier.sessions[0].items.map((l) => l.text)).toContain('退货地址：合肥市科学大道 909 号');

    expect((await conversationsGet(req('GET', '/support/conversations?before=abc', undefined, { token: u.token }), ctx({}))).status).toBe(400);
    expect((await conversationsGet(req('GET', '/support/conversations?before=99999999999', undefined, { token: u.token }), ctx({}))).status).toBe(400);
  });
});

describe('cards', () => {
  it("联系客服 from a 售后单 names it and the item being returned (not the order's first); another shopper's is 404", async () => {
    const u = await buyer();
    const op = await loginOperator();
    const [a, b] = [await makeSku(), await makeSku()];
    const o = await bought(u, op, [{ sku: a }, { sku: b }], 'completed');
    const request = await ask(u, draft(o, 'return_refund', 'quality', [[1, 1]]));
    const other = await loginNew();
    const foreign = await start(other, { text: '这个售后怎么样了？', afterSaleNo: request.afterSaleNo });
    expect(foreign.res.status).toBe(404);
    expect(foreign.body.message).toBe('售后单不存在');
    const id = await started(u, { text: '这个售后怎么样了？', afterSaleNo: request.afterSaleNo });
    const v = await view(op, id);
    expect(v.card).toMatchObject({ kind: 'afterSale', afterSaleNo: request.afterSaleNo, orderNo: o.orderNo, type: 'return_refund', quantity: 1 });
    expect(v.card!.title).toContain(b.productName);
    expect(v.card!.title).not.toContain(a.productName);
    expect((await start(u, { text: 'x', afterSaleNo: '12' })).res.status).toBe(400);
  });

  it("联系客服 from an invoice names it; another shopper's invoice is 404", async () => {
    const u = await buyer();
    const op = await loginOperator();
    const o = await bought(u, op, [{ sku: await makeSku() }], 'paid');
    const db = await getDb();
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, o.orderNo));
    const [inv] = await db
      .insert(invoices)
      .values({ orderId: row.id, userId: u.userId, invoiceType: 'normal', titleType: 'personal', title: '王小明', email: 'wang@example.com', amountFen: o.totalFen })
      .returning({ id: invoices.id });
    const other = await loginNew();
    const foreign = await start(other, { text: '发票开了吗？', invoiceId: inv.id });
    expect(foreign.res.status).toBe(404);
    expect(foreign.body.message).toBe('发票不存在');
    const id = await started(u, { text: '发票开了吗？', invoiceId: inv.id });
    expect((await view(op, id)).card).toMatchObject({ kind: 'invoice', invoiceId: inv.id, orderNo: o.orderNo, title: '王小明', status: 'pending' });
  });

  it('an id past the database range is a 400 naming it, never a 500', async () => {
    const u = await loginNew();
    for (const productId of [2_147_483_648, 1e20, '2147483648']) {
      const r = await start(u, { text: 'x', productId });
      expect(r.res.status, String(productId)).toBe(400);
      expect(r.body.message).toBe('商品编号不正确');
    }
    expect((await start(u, { text: 'x', invoiceId: 2_147_483_648 })).body.message).toBe('发票编号不正确');
  });
});

describe('the console', () => {
  it("the queue shows the shopper's last words, not the automatic out-of-hours answer after them", async () => {
    const u = await loginNew();
    const op = await loginOperator();
    // 23:30 Beijing: the shop answers automatically.
    const { id } = await startConversation(u.userId, { text: '晚上好，订单能改地址吗？' }, new Date('2026-03-02T15:30:00Z'));
    const lines = await ok<{ items: Line[] }>(messagesGet, req('GET', `/support/conversations/${id}/messages`, undefined, { token: u.token }), ctx({ id }));
    expect(lines.items.at(-1)!.from).toBe('shop');
    const queue = await ok<{ items: { id: number; lastText: string }[] }>(queueGet, req('GET', '/admin/support/conversations?view=waiting', undefined, { token: op.token }));
    expect(queue.items.find((r) => r.id === id)?.lastText).toBe('晚上好，订单能改地址吗？');
  });

  it('接入 records who serves it and since when', async () => {
    const u = await loginNew();
    const op = await loginOperator();
    const id = await started(u, { text: '在吗' });
    expect((await view(op, id)).takenAt).toBeNull();
    const before = Date.now();
    await ok(takePost, req('POST', `/admin/support/conversations/${id}/take`, {}, { token: op.token }), ctx({ id }));
    const v = await view(op, id);
    expect(v.status).toBe('open');
    expect(v.operator).toBeTruthy();
    expect(new Date(v.takenAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('an operator sends a photo (their own upload, the shoppers’ rules); the shopper may open it, another shopper may not', async () => {
    const u = await loginNew();
    const other = await loginNew();
    const op = await loginOperator();
    const id = await started(u, { text: '请发一张接线图' });
    const photo = (await upload(op)).body.data!.id;
    const foreignPhoto = (await upload(other)).body.data!.id;
    expect((await answer(op, id, { imageIds: [foreignPhoto] })).body.message).toBe('图片不存在或已删除');
    expect((await answer(op, id, { imageIds: ['a', 'b'] })).res.status).toBe(400);
    expect((await answer(op, id, {})).res.status).toBe(400);
    const sent = await answer(op, id, { imageIds: [photo] });
    expect(sent.body.resultCode, sent.body.message).toBe(200);
    const lines = await ok<{ items: Line[] }>(messagesGet, req('GET', `/support/conversations/${id}/messages`, undefined, { token: u.token }), ctx({ id }));
    expect(lines.items.at(-1)).toMatchObject({ from: 'shop', imageIds: [photo] });
    expect((await readUpload(u, photo)).status).toBe(200);
    expect((await readUpload(other, photo)).status).toBe(404);
  });

  it('bidirectional controls never reach a line, the shopper’s or the operator’s', async () => {
    const u = await loginNew();
    const op = await loginOperator();
    const id = await started(u, { text: 'http://shop.test/\u202egpj.exe' });
    expect((await answer(op, id, { text: '好的\u2066\u200f收到' })).body.resultCode).toBe(200);
    const lines = await ok<{ items: Line[] }>(messagesGet, req('GET', `/support/conversations/${id}/messages`, undefined, { token: u.token }), ctx({ id }));
    const texts = lines.items.map((l) => l.text);
    expect(texts).toContain('http://shop.test/gpj.exe');
    expect(texts).toContain('好的收到');
    expect(texts.join('')).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
  });
});
