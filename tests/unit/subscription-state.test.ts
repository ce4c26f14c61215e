import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/lib/domain/shop-time';
import { DUE_SOON_DAYS, GRACE_DAYS, RENEW_YEARS, SERVICE_PLANS, SUBSCRIPTION_STATE_LABEL, daysLeft, servicePlan, subscriptionState } from '@/lib/domain/subscription';

const now = new Date('2026-11-28T04:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
const label = (endsAt: Date | null, refundedAt: Date | null = null) => SUBSCRIPTION_STATE_LABEL[subscriptionState({ endsAt, refundedAt }, now)];

describe('a subscription reads as a person reads it', () => {
  it('未激活 until its first code, 已退款 once refunded whatever its end', () => {
    expect(label(null)).toBe('未激活');
    expect(label(at(200), now)).toBe('已退款');
    expect(label(null, now)).toBe('已退款');
  });
  it('生效中 beyond 30 days, 即将到期 within them, 宽限期 for 15 days after the end, then 已过期', () => {
    expect(label(at(DUE_SOON_DAYS + 0.001))).toBe('生效中');
    expect(label(at(DUE_SOON_DAYS))).toBe('即将到期');
    expect(label(at(0.001))).toBe('即将到期');
    expect(label(at(0))).toBe('宽限期');
    expect(label(at(-GRACE_DAYS))).toBe('宽限期');
    expect(label(at(-GRACE_DAYS - 0.001))).toBe('已过期');
  });
  it('days left round up, and are 0 once ended or before the term starts', () => {
    expect(daysLeft(at(200), now)).toBe(200);
    expect(daysLeft(at(199.01), now)).toBe(200);
    expect(daysLeft(at(0.01), now)).toBe(1);
    expect(daysLeft(at(-3), now)).toBe(0);
    expect(daysLeft(null, now)).toBe(0);
  });
});

describe('editions by SKU', () => {
  it('企业版 of 量子邮箱 and 量子钉 are seats of one subscription; 个人版 upgrades to 企业版', () => {
    expect(servicePlan({ code: 'MAIL-E-1Y', name: '企业版 · 每账号 1 年' })).toEqual({ edition: '企业版', perSeat: true });
    expect(servicePlan({ code: 'DING-E-1Y', name: '企业版 · 每人 1 年' }).perSeat).toBe(true);
    expect(servicePlan({ code: 'MAIL-P-1Y', name: '个人版 · 1 年' })).toEqual({ edition: '个人版', perSeat: false, upgradeTo: 'MAIL-E-1Y' });
    expect(SERVICE_PLANS[SERVICE_PLANS['MAIL-P-1Y'].upgradeTo!].edition).toBe('企业版');
  });
  it('an SKU the operator added later is one subscription per unit, its edition the name before 「 · 」', () => {
    expect(servicePlan({ code: 'VPN-1Y', name: '家庭版 · 1 年' })).toEqual({ edition: '家庭版', perSeat: false });
  });
  it('renewals buy one to three years', () => expect([...RENEW_YEARS]).toEqual([1, 2, 3]));
});
