/**
 * The console's subscription rules (lib/domain/subscription-console.ts, lib/validation/subscription-admin.ts):
 * each state's end-date window holds exactly the subscriptions `subscriptionState` puts in that state (so
 * the list's filters in SQL agree with the state each row shows), the refusals of 延长/缩短服务期, and the
 * inputs of the list and the adjustment.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/lib/domain/shop-time';
import { DUE_SOON_DAYS, GRACE_DAYS, subscriptionState } from '@/lib/domain/subscription';
import { adjustRefusal, liveWindow, stateWindow, SUBSCRIPTION_STATES, type StateWindow } from '@/lib/domain/subscription-console';
import { adminSubscriptionQuerySchema, subscriptionAdjustSchema } from '@/lib/validation/subscription-admin';

const now = new Date('2026-11-28T04:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);

/** Whether a subscription's facts fall in a window: what windowWhere asks of the table, in JS. */
function inWindow(w: StateWindow, s: { endsAt: Date | null; refundedAt: Date | null }): boolean {
  if (w.refunded) return s.refundedAt !== null;
  if (s.refundedAt) return false;
  if (!w.started) return s.endsAt === null;
  if (!s.endsAt) return false;
  const t = s.endsAt.getTime();
  return (!w.endsAfter || t > w.endsAfter.getTime()) && (!w.endsFrom || t >= w.endsFrom.getTime()) && (!w.endsUpTo || t <= w.endsUpTo.getTime()) && (!w.endsBefore || t < w.endsBefore.getTime());
}

describe('state windows', () => {
  /** Ends on and beside every boundary (ms from now), and none. */
  const offsets = [DUE_SOON_DAYS * DAY_MS + 1, DUE_SOON_DAYS * DAY_MS, 1, 0, -1, -GRACE_DAYS * DAY_MS, -GRACE_DAYS * DAY_MS - 1];
  const edges = [null, ...offsets.map((ms) => new Date(now.getTime() + ms))];

  it('each subscription is in the window of its own state and in no other, at every edge', () => {
    for (const endsAt of edges)
      for (const refundedAt of [null, now]) {
        const s = { endsAt, refundedAt };
        const inside = SUBSCRIPTION_STATES.filter((st) => inWindow(stateWindow(st, now), s));
        expect(inside, `${endsAt?.toISOString()} refunded ${Boolean(refundedAt)}`).toEqual([subscriptionState(s, now)]);
      }
  });

  it('the same for any end date within two years either way (fast-check)', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: -730 * DAY_MS, max: 730 * DAY_MS })), fc.boolean(), (offset, refunded) => {
        const s = { endsAt: offset === null ? null : new Date(now.getTime() + offset), refundedAt: refunded ? now : null };
        expect(SUBSCRIPTION_STATES.filter((st) => inWindow(stateWindow(st, now), s))).toEqual([subscriptionState(s, now)]);
        const live = ['active', 'due_soon', 'grace'].includes(subscriptionState(s, now));
        expect(inWindow(liveWindow(now), s)).toBe(live);
      }),
    );
  });
});

describe('延长/缩短服务期', () => {
  it('is refused for 已退款 and 未激活 with the reason, allowed once a term runs (expired ones too)', () => {
    expect(adjustRefusal({ refundedAt: now, endsAt: at(10) })).toBe('该订阅已退款，不能调整服务期');
    expect(adjustRefusal({ refundedAt: null, endsAt: null })).toBe('该订阅尚未激活，服务期还没有开始，不能调整');
    expect(adjustRefusal({ refundedAt: null, endsAt: at(-100) })).toBeNull();
  });

  it('takes −365…365 days but 0, and a reason of 1–200 characters on one line', () => {
    const parse = (v: unknown) => {
      const r = subscriptionAdjustSchema.safeParse(v);
      return r.success ? r.data : r.error.issues[0].message;
    };
    expect(parse({ days: 30, reason: ' 服务中断补偿 ' })).toEqual({ days: 30, reason: '服务中断补偿' });
    expect(parse({ days: '-365', reason: '退订' })).toEqual({ days: -365, reason: '退订' });
    expect(parse({ days: 0, reason: 'x' })).toBe('调整天数不能为 0');
    expect(parse({ days: 366, reason: 'x' })).toBe('调整天数只能在 -365 至 365 之间');
    expect(parse({ days: -366, reason: 'x' })).toBe('调整天数只能在 -365 至 365 之间');
    expect(parse({ days: 1.5, reason: 'x' })).toBe('调整天数必须是整数');
    expect(parse({ days: 1, reason: '  ' })).toBe('请填写调整原因');
    expect(parse({ days: 1 })).toBe('调整原因格式不正确');
    expect(parse({ days: 1, reason: '长'.repeat(201) })).toBe('调整原因不能超过 200 个字');
    expect(parse({ days: 1, reason: '长'.repeat(200) })).toEqual({ days: 1, reason: '长'.repeat(200) });
    expect(parse({ days: 1, reason: '第一行\n第二行' })).toBe('调整原因不能包含换行或控制字符');
  });
});

describe('the list query', () => {
  it('reads a code in any case, with or without hyphens; refuses what cannot be one', () => {
    expect(adminSubscriptionQuerySchema.parse({ code: ' 7kq2m9xd-4rta pz3f ' }).code).toBe('7KQ2-M9XD-4RTA-PZ3F');
    expect(adminSubscriptionQuerySchema.safeParse({ code: '7KQ2-M9XD-4RTA-PZ30' }).error?.issues[0].message).toBe('激活码应为 16 位字母或数字（不含 0、O、1、I）');
    expect(adminSubscriptionQuerySchema.parse({ code: '' }).code).toBeUndefined();
  });
  it('takes a phone part of 3–11 digits, a state, the due list; names what is wrong', () => {
    expect(adminSubscriptionQuerySchema.parse({ phone: '1380', state: 'grace', list: 'due' })).toMatchObject({ phone: '1380', state: 'grace', list: 'due', page: 1, pageSize: 10 });
    expect(adminSubscriptionQuerySchema.safeParse({ phone: '13%' }).error?.issues[0].message).toBe('手机号请填写 3–11 位数字');
    expect(adminSubscriptionQuerySchema.safeParse({ state: 'live' }).error?.issues[0].message).toBe('订阅状态不正确');
  });
});
