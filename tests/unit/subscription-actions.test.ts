import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/lib/domain/shop-time';
import { GRACE_DAYS, SERVICE_PLANS, servicePlan } from '@/lib/domain/subscription';
import { graceEndsAt, subscriptionActions } from '@/lib/domain/subscription-actions';

const personal = SERVICE_PLANS['MAIL-P-1Y'];
const company = SERVICE_PLANS['MAIL-E-1Y'];
const meeting = servicePlan({ code: 'MEET-S-1Y', name: '标准版 · 1 年（100 方）' });

describe('what a subscription allows in each state', () => {
  it('续费 from the first activation until refunded, 已过期 included; not before the term starts', () => {
    expect(subscriptionActions('unused', company).canRenew).toBe(false);
    for (const s of ['active', 'due_soon', 'grace', 'expired'] as const) expect(subscriptionActions(s, meeting).canRenew).toBe(true);
    expect(subscriptionActions('refunded', company).canRenew).toBe(false);
  });

  it('加席位 only for a per-seat edition while the term runs', () => {
    expect(subscriptionActions('active', company).canAddSeats).toBe(true);
    expect(subscriptionActions('due_soon', company).canAddSeats).toBe(true);
    for (const s of ['unused', 'grace', 'expired', 'refunded'] as const) expect(subscriptionActions(s, company).canAddSeats).toBe(false);
    expect(subscriptionActions('active', personal).canAddSeats).toBe(false);
  });

  it('升级 only where the edition leads to another, while the term runs', () => {
    expect(subscriptionActions('active', personal).canUpgrade).toBe(true);
    expect(subscriptionActions('due_soon', personal).canUpgrade).toBe(true);
    for (const s of ['unused', 'grace', 'expired', 'refunded'] as const) expect(subscriptionActions(s, personal).canUpgrade).toBe(false);
    expect(subscriptionActions('active', company).canUpgrade).toBe(false);
    expect(subscriptionActions('active', meeting).canUpgrade).toBe(false);
  });

  it('the 宽限期 ends 15 days after the end; none before the term starts', () => {
    const end = new Date('2026-12-01T04:00:00Z');
    expect(graceEndsAt(end)!.getTime() - end.getTime()).toBe(GRACE_DAYS * DAY_MS);
    expect(graceEndsAt(null)).toBeNull();
  });
});
