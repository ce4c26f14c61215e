/**
 * Coupons, on PGlite and PostgreSQL (docs/coupons.md): the console's templates (rules, what may change
 * once issued, 停发), the coupon centre and 领取 with both limits held under 100 concurrent claims,
 * codes (public and single-use batches, hashed at rest), 我的优惠券 per shopper, 新人券.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as centreGet } from '@/app/api/v1/coupons/route';
import { POST as claimPost } from '@/app/api/v1/coupons/[id]/claim/route';
import { POST as redeemPost } from '@/app/api/v1/coupons/redeem/route';
import { GET as mineGet } from '@/app/api/v1/user/coupons/route';
import { GET as adminList, POST as adminCreate } from '@/app/api/v1/admin/coupons/route';
import { GET as adminGet, PUT as adminPut } from '@/app/api/v1/admin/coupons/[id]/route';
import { POST as adminStop } from '@/app/api/v1/admin/coupons/[id]/stop/route';
import { POST as adminCodes } from '@/app/api/v1/admin/coupons/[id]/codes/route';
import { getDb } from '@/lib/server/db/client';
import { couponCodes, coupons, couponTemplates } from '@/lib/server/db/schema';
import { sha256 } from '@/lib/server/crypto';
import type { AdminCouponTemplate } from '@/lib/server/modules/coupons';
import type { CentreCoupon, MyCoupon } from '@/lib/server/modules/coupons';
import { auditRows, loginOperator } from './admin-session';
import { ageCodes, call, ctx, fails, loginMany, loginNew, ok, req, type Shopper } from './session';

const DAY = 86_400_000;
const fullReduction = (over: Record<string, unknown> = {}) => ({
  name: '满 199 减 20',
  kind: 'full_reduction',
  amountFen: 2000,
  thresholdFen: 19900,
  scope: { type: 'all' },
  validity: { type: 'days', days: 7 },
  total: 10,
  perUserLimit: 1,
  issue: 'claim',
  ...over,
});

async function create(op: Shopper, body: unknown): Promise<AdminCouponTemplate> {
  return ok<AdminCouponTemplate>(adminCreate, req('POST', '/admin/coupons', body, { token: op.token }));
}

const claim = (u: Shopper, id: number) => call<MyCoupon>(claimPost, req('POST', `/coupons/${id}/claim`, {}, { token: u.token }), ctx({ id }));
const mine = (u: Shopper, status = 'unused') => ok<MyCoupon[]>(mineGet, req('GET', `/user/coupons?status=${status}`, undefined, { token: u.token }));

describe('the console’s templates', () => {
  it('creates each kind with its words; refuses a 满减 without a threshold or one off more than its threshold', async () => {
    const op = await loginOperator();
    const t = await create(op, fullReduction());
    expect(t).toMatchObject({ kind: 'full_reduction', face: '减 ¥20', condition: '满 ¥199 可用', scopeText: '全场通用', issued: 0, used: 0, status: 'active', total: 10 });
    const p = await create(op, { ...fullReduction({ kind: 'percent', percent: 15, capFen: 5000, thresholdFen: 0 }), amountFen: undefined, name: '85 折' });
    expect(p).toMatchObject({ face: '8.5折', condition: '无门槛，最高减 ¥50', amountFen: null, percent: 15 });
    expect(await fails(400, adminCreate, req('POST', '/admin/coupons', fullReduction({ thresholdFen: 0 }), { token: op.token }))).toBe('满减券请填写使用门槛');
    expect(await fails(400, adminCreate, req('POST', '/admin/coupons', fullReduction({ amountFen: 20000 }), { token: op.token }))).toBe('减免金额必须小于使用门槛');
    expect(await fails(400, adminCreate, req('POST', '/admin/coupons', fullReduction({ scope: { type: 'categories', ids: [99999] } }), { token: op.token }))).toBe('适用分类不存在');
    expect(await fails(400, adminCreate, req('POST', '/admin/coupons', fullReduction({ validity: { type: 'fixed', startAt: '2026-12-02T00:00:00+08:00', endAt: '2026-12-01T00:00:00+08:00' } }), { token: op.token }))).toBe(
      '结束时间必须晚于开始时间',
    );
    expect((await auditRows('coupon_template', t.id)).map((r) => r.action)).toEqual(['coupon.create']);
  });

  it('a template as the API answers it can be sent back as is (nulls for the fields its kind has not)', async () => {
    const op = await loginOperator();
    const t = await create(op, fullReduction({ issue: 'code', code: null, total: null }));
    expect(t).toMatchObject({ percent: null, capFen: null, code: null });
    const again = await ok<AdminCouponTemplate>(adminPut, req('PUT', `/admin/coupons/${t.id}`, { ...t, name: '原样保存' }, { token: op.token }), ctx({ id: t.id }));
    expect(again).toMatchObject({ name: '原样保存', face: t.face, condition: t.condition, code: null });
  });

  it('only an operator: a shopper is 403 on every console route', async () => {
    const u = await loginNew();
    const op = await loginOperator();
    const t = await create(op, fullReduction());
    await fails(403, adminList, req('GET', '/admin/coupons', undefined, { token: u.token }));
    await fails(403, adminCreate, req('POST', '/admin/coupons', fullReduction(), { token: u.token }));
    await fails(403, adminPut, req('PUT', `/admin/coupons/${t.id}`, fullReduction(), { token: u.token }), ctx({ id: t.id }));
    await fails(403, adminStop, req('POST', `/admin/coupons/${t.id}/stop`, {}, { token: u.token }), ctx({ id: t.id }));
  });

  it('once issued, the rule is fixed; the name, the total (not below issued) and the limit may change', async () => {
    const op = await loginOperator();
    const t = await create(op, fullReduction({ total: 5 }));
    const [a, b] = await loginMany(2);
    expect((await claim(a, t.id)).body.resultCode).toBe(200);
    expect((await claim(b, t.id)).body.resultCode).toBe(200);
    const put = (body: unknown) => req('PUT', `/admin/coupons/${t.id}`, body, { token: op.token });
    expect(await fails(409, adminPut, put(fullReduction({ total: 5, amountFen: 3000 })), ctx({ id: t.id }))).toMatch(/已发放的券不能修改面额/);
    expect(await fails(409, adminPut, put(fullReduction({ total: 1 })), ctx({ id: t.id }))).toBe('发放总量不能少于已发放的 2 张');
    const edited = await ok<AdminCouponTemplate>(adminPut, put(fullReduction({ name: '双十二 满199减20', total: 100, perUserLimit: 2 })), ctx({ id: t.id }));
    expect(edited).toMatchObject({ name: '双十二 满199减20', total: 100, perUserLimit: 2, issued: 2 });
  });

  it('停发: no more are claimed, those issued stay in 我的优惠券; a second 停发 is 409', async () => {
    const op = await loginOperator();
    const t = await create(op, fullReduction());
    const [a, b] = await loginMany(2);
    expect((await claim(a, t.id)).body.resultCode).toBe(200);
    const stopped = await ok<AdminCouponTemplate>(adminStop, req('POST', `/admin/coupons/${t.id}/stop`, {}, { token: op.token }), ctx({ id: t.id }));
    expect(stopped.status).toBe('stopped');
    expect(await fails(409, adminStop, req('POST', `/admin/coupons/${t.id}/stop`, {}, { token: op.token }), ctx({ id: t.id }))).toBe('该券已停发');
    const refused = await claim(b, t.id);
    expect(refused.res.status).toBe(409);
    expect(refused.body.message).toBe('该券已停止发放');
    expect((await mine(a)).map((c) => c.name)).toEqual(['满 199 减 20']);
    const centre = await ok<CentreCoupon[]>(centreGet, req('GET', '/coupons', undefined, { token: b.token }));
    expect(centre.find((c) => c.templateId === t.id)).toBeUndefined();
    expect((await ok<AdminCouponTemplate>(adminGet, req('GET', `/admin/coupons/${t.id}`, undefined, { token: op.token }), ctx({ id: t.id }))).issued).toBe(1);
  });
});

describe('领取', () => {
  it('the centre tells each shopper 立即领取, 已领取 or 已领完; a visitor sees 立即领取', async () => {
    const op = await loginOperator();
    const t = await create(op, fullReduction({ total: 1 }));
    const [a, b] = await loginMany(2);
    const stateFor = async (u?: Shopper) => (await ok<CentreCoupon[]>(centreGet, req('GET', '/coupons', undefined, u ? { token: u.token } : {}))).find((c) => c.templateId === t.id)?.state;
    expect(await stateFor()).toBe('claimable');
    expect(await stateFor(a)).toBe('claimable');
    const got = await claim(a, t.id);
    expect(got.body.message).toBe('领取成功');
    expect(got.body.data).toMatchObject({ status: 'unused', face: '减 ¥20', orderNo: null });
    const c = got.body.data!;
    expect(new Date(c.endsAt).getTime() - new Date(c.startsAt).getTime()).toBe(7 * DAY);
    expect(await stateFor(a)).toBe('claimed');
    expect(await stateFor(b)).toBe('sold_out');
    const late = await claim(b, t.id);
    expect(late.res.status).toBe(409);
    expect(late.body.message).toBe('来晚了，该券已领完');
    const again = await claim(a, t.id);
    expect(again.body.message).toBe('您已领取过这张券');
  });

  it('a visitor must log in; an unknown template is 404; a code-only template cannot be claimed', async () => {
    const op = await loginOperator();
    const u = await loginNew();
    const coded = await create(op, fullReduction({ issue: 'code', code: 'VIP2026' }));
    const anon = await call(claimPost, req('POST', `/coupons/${coded.id}/claim`, {}), ctx({ id: coded.id }));
    expect(anon.body.resultCode).toBe(416);
    expect((await claim(u, 999_999)).res.status).toBe(404);
    expect((await claim(u, coded.id)).res.status).toBe(404);
  });

  it('100 concurrent claims of a 10-coupon template give 10 coupons; issued stops at 10', async () => {
    const op = await loginOperator();
    const t = await create(op, fullReduction({ total: 10 }));
    const shoppers = await loginMany(100);
    const results = await Promise.all(shoppers.map((u) => claim(u, t.id)));
    expect(results.filter((r) => r.body.resultCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.res.status === 409).every((r) => r.body.message === '来晚了，该券已领完')).toBe(true);
    const db = await getDb();
    expect(await db.$count(coupons, eq(coupons.templateId, t.id))).toBe(10);
    const [row] = await db.select().from(couponTemplates).where(eq(couponTemplates.id, t.id));
    expect(row.issued).toBe(10);
  });

  it('one shopper claiming 20 times at once with a limit of 2 gets 2', async () => {
    const op = await loginOperator();
    const t = await create(op, fullReduction({ total: null, perUserLimit: 2 }));
    const u = await loginNew();
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(u, t.id)));
    expect(results.filter((r) => r.body.resultCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.res.status === 409).every((r) => r.body.message === '每人限领 2 张，您已领完')).toBe(true);
    expect(await mine(u)).toHaveLength(2);
  });

  it('我的优惠券 is each shopper’s own, by tab: 未使用, 已过期 (an unused one past its end)', async () => {
    const op = await loginOperator();
    const t = await create(op, fullReduction({ total: null }));
    const [a, b] = await loginMany(2);
    const got = (await claim(a, t.id)).body.data!;
    expect((await mine(a)).map((c) => c.id)).toEqual([got.id]);
    expect(await mine(b)).toEqual([]);
    await (await getDb()).update(coupons).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(coupons.id, got.id));
    expect(await mine(a)).toEqual([]);
    expect((await mine(a, 'expired')).map((c) => [c.id, c.status])).toEqual([[got.id, 'expired']]);
    expect(await mine(a, 'used')).toEqual([]);
    await fails(416, mineGet, req('GET', '/user/coupons'));
  });
});

describe('codes', () => {
  it('a public code gives one per shopper, typed in any case and with spaces', async () => {
    const op = await loginOperator();
    await create(op, fullReduction({ issue: 'code', code: 'QUANTUM-2026', total: null }));
    const u = await loginNew();
    const got = await ok<MyCoupon>(redeemPost, req('POST', '/coupons/redeem', { code: ' quantum 2026 ' }, { token: u.token }));
    expect(got).toMatchObject({ name: '满 199 减 20', status: 'unused' });
    expect(await fails(409, redeemPost, req('POST', '/coupons/redeem', { code: 'QUANTUM2026' }, { token: u.token }))).toBe('您已领取过这张券');
    expect(await fails(400, redeemPost, req('POST', '/coupons/redeem', { code: 'NOSUCHCODE' }, { token: u.token }))).toBe('优惠码不正确');
    expect(await fails(400, redeemPost, req('POST', '/coupons/redeem', { code: '' }, { token: u.token }))).toBe('请输入优惠码');
  });

  it('a batch: the CSV holds the codes, the database only their hashes; each code works once, even typed by two at once', async () => {
    const op = await loginOperator();
    const t = await create(op, fullReduction({ issue: 'code', total: null }));
    const res = await adminCodes(req('POST', `/admin/coupons/${t.id}/codes`, { count: 5 }, { token: op.token }), ctx({ id: t.id }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('"兑换码","券名称","面额","使用条件"');
    const codes = lines.slice(1).map((l) => l.split(',')[0].replace(/"/g, ''));
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    const db = await getDb();
    const stored = await db.select().from(couponCodes).where(eq(couponCodes.templateId, t.id));
    expect(stored.map((s) => s.codeHash).sort()).toEqual(codes.map((c) => sha256(c)).sort());
    expect(JSON.stringify(stored)).not.toContain(codes[0]);

    const [a, b] = await loginMany(2);
    const both = await Promise.all([a, b].map((u) => call<MyCoupon>(redeemPost, req('POST', '/coupons/redeem', { code: codes[0] }, { token: u.token }))));
    expect(both.filter((r) => r.body.resultCode === 200)).toHaveLength(1);
    expect(both.find((r) => r.body.resultCode !== 200)!.body.message).toBe('该优惠码已被使用');
    expect(await fails(400, adminCodes, req('POST', `/admin/coupons/${t.id}/codes`, { count: 0 }, { token: op.token }), ctx({ id: t.id }))).toBe('数量不能小于 1');
  });

  it('codes only for a code template', async () => {
    const op = await loginOperator();
    const t = await create(op, fullReduction());
    expect(await fails(409, adminCodes, req('POST', `/admin/coupons/${t.id}/codes`, { count: 3 }, { token: op.token }), ctx({ id: t.id }))).toBe('只有「优惠码发放」的券可以生成兑换码');
  });
});

describe('新人券', () => {
  it('a new account gets one of each registration template still issuable, at its first login; a returning shopper gets none again', async () => {
    const op = await loginOperator();
    const t = await create(op, fullReduction({ issue: 'register', name: '新人专享 满 199 减 20', total: null }));
    const gone = await create(op, fullReduction({ issue: 'register', name: '已领完的新人券', total: 1 }));
    await (await getDb()).update(couponTemplates).set({ issued: 1 }).where(eq(couponTemplates.id, gone.id));
    const u = await loginNew();
    const names = (await mine(u)).map((c) => c.name);
    expect(names).toContain(t.name);
    expect(names).not.toContain(gone.name);
    // Given once, at registration: the same shopper logging in again gets no second one.
    await ageCodes(u.phone);
    const again = await loginNew({ phone: u.phone });
    expect(again.userId).toBe(u.userId);
    expect((await mine(again)).filter((c) => c.name === t.name)).toHaveLength(1);
  });
});
