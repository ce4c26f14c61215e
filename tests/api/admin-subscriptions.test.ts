/**
 * The console's 订阅 (docs/subscriptions.md#the-console), on PGlite and PostgreSQL: the list found by the
 * shopper's phone or by an activation code, filtered by state, 「30 天内到期」 soonest first; one subscription
 * with its codes, history and reminders; 延长/缩短服务期 with its rules, its history row and audit entry (none
 * of it when the audit cannot be written), and 50 adjustments at once that move the end by exactly 50
 * days; a shopper refused on every route.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listGet } from '@/app/api/v1/admin/subscriptions/route';
import { GET as oneGet } from '@/app/api/v1/admin/subscriptions/[id]/route';
import { POST as adjustPost } from '@/app/api/v1/admin/subscriptions/[id]/adjust/route';
import { GET as statsGet } from '@/app/api/v1/admin/stats/subscriptions/route';
import { DAY_MS, shopDateTime } from '@/lib/domain/shop-time';
import { getDb } from '@/lib/server/db/client';
import { subscriptionEvents, subscriptionReminders, subscriptions } from '@/lib/server/db/schema';
import type { Page } from '@/lib/server/db/paged';
import type { ConsoleSubscription } from '@/lib/server/views/console-subscription';
import type { ConsoleSubscriptionRow } from '@/lib/server/views/console-subscriptions';
import { maskPhone } from '@/lib/validation/phone';
import { contract, refunded, subscribed, type Made } from './admin-subscription-kit';
import { auditRows, loginOperator, whileAuditFails } from './admin-session';
import { call, ctx, fails, loginNew, ok, req, type Shopper } from './session';

let op: Shopper;
beforeAll(async () => {
  op = await loginOperator();
});

const days = (n: number) => new Date(Date.now() + n * DAY_MS);
const list = (q: Record<string, string>, who: Shopper = op) => ok<Page<ConsoleSubscriptionRow>>(listGet, req('GET', `/admin/subscriptions?${new URLSearchParams(q)}`, undefined, { token: who.token }));
const one = (id: number | string) => ok<ConsoleSubscription>(oneGet, req('GET', `/admin/subscriptions/${id}`, undefined, { token: op.token }), ctx({ id: String(id) }));
const adjust = (id: number | string, body: unknown, who: Shopper = op) => call<ConsoleSubscription>(adjustPost, req('POST', `/admin/subscriptions/${id}/adjust`, body, { token: who.token }), ctx({ id: String(id) }));
const endOf = async (id: number) => (await (await getDb()).select({ endsAt: subscriptions.endsAt }).from(subscriptions).where(eq(subscriptions.id, id)))[0].endsAt!;

describe('the 订阅 list', () => {
  it('finds a shopper by phone (whole or part) and a subscription by any of its codes, as typed', async () => {
    const a = await subscribed('MAIL-E-1Y', { quantity: 3, endsAt: days(100) });
    const a2 = await subscribed('MEET-S-1Y', { u: a.u });
    const other = await subscribed('MAIL-P-1Y', { endsAt: days(100) });

    const byPhone = await list({ phone: a.u.phone });
    expect(byPhone.items.map((s) => s.id)).toEqual([a2.id, a.id]);
    expect(byPhone.total).toBe(2);
    expect((await list({ phone: a.u.phone.slice(3) })).items.map((s) => s.id)).toContain(a.id);

    const row = byPhone.items[1];
    expect(row).toMatchObject({ shopper: maskPhone(a.u.phone), productName: '量子邮箱', edition: '企业版', seats: 3, seatsUsed: 1, state: 'active', stateLabel: '生效中', autoRenew: false, orderNo: a.orderNo, daysLeft: 100 });
    expect(JSON.stringify(byPhone)).not.toContain(a.u.phone);
    expect(byPhone.items[0]).toMatchObject({ state: 'unused', stateLabel: '未激活', seatsUsed: 0, seats: 1, endsAt: null });

    // The third seat's code, typed in lower case without its hyphens, finds the subscription.
    const byCode = await list({ code: a.codes[2].replace(/-/g, '').toLowerCase() });
    expect(byCode.items.map((s) => s.id)).toEqual([a.id]);
    expect((await list({ code: other.codes[0] })).items.map((s) => s.id)).toEqual([other.id]);
    expect((await list({ code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' })).total).toBe(0);
    expect(await fails(400, listGet, req('GET', '/admin/subscriptions?code=abc', undefined, { token: op.token }))).toBe('激活码应为 16 位字母或数字（不含 0、O、1、I）');
    expect(await fails(400, listGet, req('GET', '/admin/subscriptions?state=live', undefined, { token: op.token }))).toBe('订阅状态不正确');

    await contract(a, 'active');
    await contract(other, 'signing');
    expect((await list({ code: a.codes[0] })).items[0].autoRenew).toBe(true);
    expect((await list({ code: other.codes[0] })).items[0].autoRenew).toBe(false);
  });

  it('filters by each state, and lists 30 天内到期 soonest first', async () => {
    const u = await loginNew();
    const made: Record<string, Made> = {
      unused: await subscribed('MAIL-P-1Y', { u }),
      active: await subscribed('MAIL-P-1Y', { u, endsAt: days(31) }),
      due29: await subscribed('MAIL-P-1Y', { u, endsAt: days(29) }),
      due2: await subscribed('DING-E-1Y', { u, quantity: 2, endsAt: days(2) }),
      due15: await subscribed('MAIL-P-1Y', { u, endsAt: days(15) }),
      grace: await subscribed('MAIL-P-1Y', { u, endsAt: days(-1) }),
      expired: await subscribed('MAIL-P-1Y', { u, endsAt: days(-16) }),
      refunded: await subscribed('MAIL-P-1Y', { u }),
    };
    await refunded(made.refunded);
    const ids = async (q: Record<string, string>) => (await list({ phone: u.phone, ...q })).items.map((s) => s.id);
    expect(await ids({ state: 'unused' })).toEqual([made.unused.id]);
    expect(await ids({ state: 'active' })).toEqual([made.active.id]);
    expect(await ids({ state: 'due_soon' })).toEqual([made.due15.id, made.due2.id, made.due29.id]);
    expect(await ids({ state: 'grace' })).toEqual([made.grace.id]);
    expect(await ids({ state: 'expired' })).toEqual([made.expired.id]);
    expect(await ids({ state: 'refunded' })).toEqual([made.refunded.id]);
    expect(await ids({ list: 'due' })).toEqual([made.due2.id, made.due15.id, made.due29.id]);
    const page2 = await list({ phone: u.phone, list: 'due', pageSize: '10', page: '1' });
    expect(page2.items.map((s) => s.daysLeft)).toEqual([2, 15, 29]);
    expect(page2.items.map((s) => s.stateLabel)).toEqual(['即将到期', '即将到期', '即将到期']);
    expect((await list({ phone: u.phone })).total).toBe(8);
  });
});

describe('one subscription', () => {
  it('shows its codes, its history and the reminders sent; an unknown id is 404', async () => {
    const s = await subscribed('MAIL-E-1Y', { quantity: 2, endsAt: days(20) });
    const db = await getDb();
    await db.insert(subscriptionReminders).values({ subscriptionId: s.id, endsAt: await endOf(s.id), kind: 'month_before' });
    const got = await one(s.id);
    expect(got.codes.map((c) => [c.code, c.stateLabel])).toEqual([
      [s.codes[0], '已激活'],
      [s.codes[1], '未激活'],
    ]);
    expect(got.history.map((h) => h.kindLabel)).toEqual(['激活，服务期开始', '购买']);
    expect(got.history[1]).toMatchObject({ orderNo: s.orderNo, seats: 2, operator: null });
    expect(got.reminders).toEqual([expect.objectContaining({ kind: 'month_before', kindLabel: '到期前 30 天提醒' })]);
    expect(got).toMatchObject({ priceFen: s.priceFen, yearFen: s.priceFen * 2, adjustRefusal: null, skuCode: 'MAIL-E-1Y' });

    expect(await fails(404, oneGet, req('GET', '/admin/subscriptions/2147483000', undefined, { token: op.token }), ctx({ id: '2147483000' }))).toBe('订阅不存在');
    expect((await call(oneGet, req('GET', '/admin/subscriptions/abc', undefined, { token: op.token }), ctx({ id: 'abc' }))).body.resultCode).toBe(404);
    const gone = await adjust(2147483000, { days: 1, reason: '补偿' });
    expect([gone.body.resultCode, gone.body.message]).toEqual([404, '订阅不存在']);
  });

  it('refuses a shopper (403) and a visitor (416) on every route, and changes nothing', async () => {
    const s = await subscribed('MAIL-P-1Y', { endsAt: days(50) });
    const before = await endOf(s.id);
    const routes = [
      () => call(listGet, req('GET', '/admin/subscriptions', undefined, { token: s.u.token })),
      () => call(oneGet, req('GET', `/admin/subscriptions/${s.id}`, undefined, { token: s.u.token }), ctx({ id: String(s.id) })),
      () => adjust(s.id, { days: 30, reason: '自己延长' }, s.u),
      () => call(statsGet, req('GET', '/admin/stats/subscriptions', undefined, { token: s.u.token })),
    ];
    for (const r of routes) expect((await r()).body.resultCode).toBe(403);
    expect((await call(adjustPost, req('POST', `/admin/subscriptions/${s.id}/adjust`, { days: 30, reason: 'x' }), ctx({ id: String(s.id) }))).body.resultCode).toBe(416);
    expect(await endOf(s.id)).toEqual(before);
  });
});

describe('延长/缩短服务期', () => {
  it('moves the end by the days, with the operator and reason in the history and the audit log', async () => {
    const s = await subscribed('DING-E-1Y', { quantity: 5, endsAt: days(40) });
    const before = await endOf(s.id);
    const r = await adjust(s.id, { days: 10, reason: '服务中断补偿' });
    expect(r.body.resultCode, r.body.message).toBe(200);
    expect(r.body.message).toBe('服务期已调整');
    const after = await endOf(s.id);
    expect(after.getTime() - before.getTime()).toBe(10 * DAY_MS);
    expect(r.body.data!.endsAt).toBe(after.toISOString());
    expect(r.body.data!.history[0]).toMatchObject({ kind: 'adjusted', kindLabel: '运营调整服务期', reason: '服务中断补偿', operator: maskPhone(op.phone), fromEndsAt: before.toISOString(), toEndsAt: after.toISOString() });

    const shorter = await adjust(s.id, { days: -25, reason: '误操作回退' });
    expect(shorter.body.resultCode).toBe(200);
    expect((await endOf(s.id)).getTime() - before.getTime()).toBe(-15 * DAY_MS);
    expect(shorter.body.data!.state).toBe('due_soon');

    const audit = await auditRows('subscription', s.id);
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual([
      ['subscription.adjust', op.userId],
      ['subscription.adjust', op.userId],
    ]);
    expect(audit[0].after).toMatchObject({ days: 10, reason: '服务中断补偿' });
    expect(shorter.body.data!.audit.map((a) => a.actionLabel)).toEqual(['调整订阅服务期', '调整订阅服务期']);
    expect(shorter.body.data!.audit[0].object).toEqual({ label: `订阅 #${s.id}`, href: `/admin/subscriptions/${s.id}` });
    // The log says it in words, in Beijing time: 「结束时间：…」「天数：-25」「原因：误操作回退」 (in any order: jsonb orders the keys).
    const newest = shorter.body.data!.audit[0];
    expect(newest.beforeLines).toEqual([`结束时间：${shopDateTime(after)}`]);
    expect([...newest.afterLines].sort()).toEqual([`结束时间：${shopDateTime(await endOf(s.id))}`, '原因：误操作回退', '天数：-25'].sort());
  });

  it('never before the start; not for 未激活 or 已退款; 0 days, ±366 or no reason is a 400 — and nothing moves', async () => {
    const s = await subscribed('MAIL-P-1Y', { endsAt: days(10) });
    const before = await endOf(s.id);
    const tooShort = await adjust(s.id, { days: -365, reason: '缩短' });
    expect(tooShort.body.resultCode).toBe(409);
    expect(tooShort.body.message).toMatch(/^调整后的到期时间必须晚于服务开始时间（\d{4}-\d\d-\d\d \d\d:\d\d）$/);
    for (const [body, message] of [
      [{ days: 0, reason: '补偿' }, '调整天数不能为 0'],
      [{ days: 366, reason: '补偿' }, '调整天数只能在 -365 至 365 之间'],
      [{ days: -366, reason: '补偿' }, '调整天数只能在 -365 至 365 之间'],
      [{ days: 3, reason: ' ' }, '请填写调整原因'],
      [{ days: 3, reason: '长'.repeat(201) }, '调整原因不能超过 200 个字'],
    ] as const) {
      const r = await adjust(s.id, body);
      expect([r.body.resultCode, r.body.message]).toEqual([400, message]);
    }
    expect(await endOf(s.id)).toEqual(before);

    const unused = await subscribed('MAIL-P-1Y');
    const u = await adjust(unused.id, { days: 5, reason: '补偿' });
    expect([u.body.resultCode, u.body.message]).toEqual([409, '该订阅尚未激活，服务期还没有开始，不能调整']);
    expect((await one(unused.id)).adjustRefusal).toBe('该订阅尚未激活，服务期还没有开始，不能调整');
    const back = await subscribed('MAIL-P-1Y');
    await refunded(back);
    const b = await adjust(back.id, { days: 5, reason: '补偿' });
    expect([b.body.resultCode, b.body.message]).toEqual([409, '该订阅已退款，不能调整服务期']);

    const db = await getDb();
    for (const id of [s.id, unused.id, back.id]) {
      expect(await db.select().from(subscriptionEvents).where(and(eq(subscriptionEvents.subscriptionId, id), eq(subscriptionEvents.kind, 'adjusted')))).toEqual([]);
      expect(await auditRows('subscription', id)).toEqual([]);
    }
  });

  it('an expired subscription can be brought back into its term', async () => {
    const s = await subscribed('MEET-S-1Y', { endsAt: days(-40) });
    expect((await one(s.id)).state).toBe('expired');
    const r = await adjust(s.id, { days: 60, reason: '续约谈判期间保留服务' });
    expect(r.body.data).toMatchObject({ state: 'due_soon', daysLeft: 20 });
  });

  it('leaves nothing behind when the audit log cannot be written', async () => {
    const s = await subscribed('MAIL-P-1Y', { endsAt: days(100) });
    const before = await endOf(s.id);
    const res = await whileAuditFails(() => adjustPost(req('POST', `/admin/subscriptions/${s.id}/adjust`, { days: 7, reason: '补偿' }, { token: op.token }), ctx({ id: String(s.id) })));
    expect(res.status).toBe(500);
    expect(await endOf(s.id)).toEqual(before);
    expect((await one(s.id)).history.map((h) => h.kind)).not.toContain('adjusted');
  });

  it('50 adjustments of +1 day at once move the end by exactly 50 days, each in the history and the audit log', async () => {
    const s = await subscribed('MAIL-E-1Y', { quantity: 2, endsAt: days(60) });
    const before = await endOf(s.id);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => adjust(s.id, { days: 1, reason: `补偿 ${i + 1}` })));
    expect(results.map((r) => r.body.resultCode)).toEqual(Array(50).fill(200));
    expect((await endOf(s.id)).getTime() - before.getTime()).toBe(50 * DAY_MS);
    const history = (await one(s.id)).history.filter((h) => h.kind === 'adjusted');
    expect(history).toHaveLength(50);
    // Each starts where the one before it ended: a chain, no end written twice.
    const froms = new Set(history.map((h) => h.fromEndsAt));
    expect(froms.size).toBe(50);
    expect(await auditRows('subscription', s.id)).toHaveLength(50);
  });
});
