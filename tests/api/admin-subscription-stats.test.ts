/**
 * 数据's 订阅 section (docs/subscriptions.md#figures), on PGlite and PostgreSQL, with exact fen: the renewals
 * due in the next 30 days and a year's price of them, ARR over the live subscriptions, the share under
 * 自动续费 — read through the API as each subscription made here moves the figures by exactly its own
 * part, and at a clock of the test's own years ahead where only its rows count; and the renewal rate of
 * months (March and April 2021) no other test touches.
 */
import { describe, expect, it } from 'vitest';
import { GET as statsGet } from '@/app/api/v1/admin/stats/subscriptions/route';
import { DAY_MS } from '@/lib/domain/shop-time';
import { getSubscriptionStats, type SubscriptionStats } from '@/lib/server/views/subscription-stats';
import { contract, refunded, renewedAt, subscribed } from './admin-subscription-kit';
import { loginOperator } from './admin-session';
import { fails, ok, req } from './session';

const figures = async (q: Record<string, string> = {}) => {
  const op = await loginOperator();
  return ok<SubscriptionStats>(statsGet, req('GET', `/admin/stats/subscriptions?${new URLSearchParams(q)}`, undefined, { token: op.token }));
};
const days = (n: number, from = Date.now()) => new Date(from + n * DAY_MS);

describe('订阅 figures now', () => {
  it('each subscription moves due, ARR and 自动续费 by exactly its own part', async () => {
    const before = await figures();
    const dueE = await subscribed('MAIL-E-1Y', { quantity: 3, endsAt: days(10) });
    const dueP = await subscribed('MAIL-P-1Y', { endsAt: days(25) });
    const active = await subscribed('DING-T-1Y', { endsAt: days(100) });
    const grace = await subscribed('MEET-S-1Y', { endsAt: days(-3) });
    const expired = await subscribed('MEET-P-1Y', { endsAt: days(-20) });
    await subscribed('ID-50-1Y'); // 未激活: not live, not due
    await refunded(await subscribed('MAIL-P-1Y'));
    await contract(dueE, 'active');
    await contract(active, 'active');
    await contract(dueP, 'terminated');
    await contract(grace, 'signing');
    await contract(expired, 'active'); // not live: not counted
    const after = await figures();

    expect(after.due.count - before.due.count).toBe(2);
    expect(after.due.seats - before.due.seats).toBe(4);
    expect(after.due.yearFen - before.due.yearFen).toBe(3 * dueE.priceFen + dueP.priceFen);
    expect(after.due.yearFen - before.due.yearFen).toBe(3 * 36_000 + 19_800);
    expect(after.live - before.live).toBe(4);
    expect(after.arrFen - before.arrFen).toBe(3 * 36_000 + 19_800 + 299_900 + 99_900);
    expect(after.autoRenew.count - before.autoRenew.count).toBe(2);
    expect(after.due.days).toBe(30);
  });

  it('at a clock of its own: live 3, ARR and the due year to the fen, 自动续费 1 of 3', async () => {
    const t = Date.now() + 3000 * DAY_MS;
    const soon = await subscribed('MAIL-E-1Y', { quantity: 2, endsAt: days(5, t) });
    await subscribed('MAIL-P-1Y', { endsAt: days(50, t) });
    await subscribed('DING-E-1Y', { quantity: 4, endsAt: days(-2, t) }); // in its 宽限期 at t
    await subscribed('MAIL-P-1Y', { endsAt: days(-16, t) }); // expired at t
    await contract(soon, 'active');
    const s = await getSubscriptionStats({}, new Date(t));
    expect(s.due).toEqual({ days: 30, count: 1, seats: 2, yearFen: 72_000 });
    expect(s.live).toBe(3);
    expect(s.arrFen).toBe(72_000 + 19_800 + 4 * 19_800);
    expect(s.autoRenew).toEqual({ count: 1, share: 0.3333 });
  });
});

describe('renewal rate by month', () => {
  it('renewed before the 宽限期 ran out ÷ decided, by the Beijing month the term ended', async () => {
    const t = (iso: string) => new Date(iso);
    const early = await subscribed('MAIL-P-1Y', { endsAt: t('2021-03-05T02:00:00Z') });
    await renewedAt(early, t('2021-03-05T02:00:00Z'), t('2021-03-01T00:00:00Z'));
    await subscribed('MAIL-P-1Y', { endsAt: t('2021-03-20T00:00:00Z') }); // never renewed
    const late = await subscribed('MAIL-P-1Y', { endsAt: t('2021-03-25T00:00:00Z') });
    await renewedAt(late, t('2021-03-25T00:00:00Z'), t('2021-04-15T00:00:00Z')); // 21 days on: after the 宽限期
    const inGrace = await subscribed('MEET-S-1Y', { endsAt: t('2021-04-02T00:00:00Z') });
    await renewedAt(inGrace, t('2021-04-02T00:00:00Z'), t('2021-04-10T00:00:00Z'));
    await subscribed('MAIL-P-1Y', { endsAt: t('2021-03-31T16:00:00Z') }); // Beijing 04-01 00:00: April
    await refunded(await subscribed('MAIL-P-1Y', { endsAt: t('2021-03-10T00:00:00Z') })); // 已退款: left out

    const s = await figures({ from: '2021-03-15', to: '2021-04-30' });
    expect(s.renewal).toEqual([
      { month: '2021-03', ended: 3, renewed: 1, lapsed: 2, open: 0, rate: 0.3333 },
      { month: '2021-04', ended: 2, renewed: 1, lapsed: 1, open: 0, rate: 0.5 },
    ]);
    expect((await figures({ from: '2021-05-01', to: '2021-05-31' })).renewal).toEqual([{ month: '2021-05', ended: 0, renewed: 0, lapsed: 0, open: 0, rate: null }]);
  });

  it('a bad range is a 400 naming it', async () => {
    const op = await loginOperator();
    expect(await fails(400, statsGet, req('GET', '/admin/stats/subscriptions?from=2021-05-01&to=2021-04-01', undefined, { token: op.token }))).toBe('开始日期不能晚于结束日期');
  });
});
