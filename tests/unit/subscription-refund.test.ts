import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/lib/domain/shop-time';
import { refundedWhole, serviceRefundRefusal } from '@/lib/domain/subscription-refund';

const now = new Date('2026-11-28T04:00:00Z');
const at = (d: number) => new Date(now.getTime() + d * DAY_MS);

describe('a paid service order is refunded only while nothing it bought was used', () => {
  it('a purchase or 加席位: while none of its codes was activated', () => {
    expect(serviceRefundRefusal({ kind: 'purchase', codeActivated: false }, now)).toBeNull();
    expect(serviceRefundRefusal({ kind: 'purchase', codeActivated: true }, now)).toBe('该订单已有激活码被激活，不能再退款');
    expect(serviceRefundRefusal({ kind: 'seats', codeActivated: false }, now)).toBeNull();
    expect(serviceRefundRefusal({ kind: 'seats', codeActivated: true }, now)).toBe('新增席位已有激活码被激活，不能再退款');
  });

  it('续费: while the days it added have not begun (the term without them still ends later)', () => {
    // Renewed 1 year early, 200 days before the old end: the end is 565 days away.
    expect(serviceRefundRefusal({ kind: 'renew', endsAt: at(565), addedDays: 365 }, now)).toBeNull();
    // Two renewals of a year on a term with 10 days left: either may go back.
    expect(serviceRefundRefusal({ kind: 'renew', endsAt: at(740), addedDays: 365 }, now)).toBeNull();
    // The old end is now: the added year has begun.
    expect(serviceRefundRefusal({ kind: 'renew', endsAt: at(365), addedDays: 365 }, now)).toBe('续费的服务期已开始，不能再退款');
    // Renewed in the 宽限期 (the old end 5 days ago) or after it lapsed (a new term from the payment).
    expect(serviceRefundRefusal({ kind: 'renew', endsAt: at(360), addedDays: 365 }, now)).toBe('续费的服务期已开始，不能再退款');
    expect(serviceRefundRefusal({ kind: 'renew', endsAt: at(3 * 365 - 0.5), addedDays: 3 * 365 }, now)).toBe('续费的服务期已开始，不能再退款');
    // A year 自动续费 charged comes back though its days began (in the 宽限期, or on the end).
    expect(serviceRefundRefusal({ kind: 'renew', endsAt: at(360), addedDays: 365, automatic: true }, now)).toBeNull();
    expect(serviceRefundRefusal({ kind: 'renew', endsAt: at(365), addedDays: 365, automatic: true }, now)).toBeNull();
  });

  it('升级: while the subscription is still the edition it bought, with no seat added', () => {
    expect(serviceRefundRefusal({ kind: 'upgrade', seats: 1, stillUpgraded: true }, now)).toBeNull();
    expect(serviceRefundRefusal({ kind: 'upgrade', seats: 3, stillUpgraded: true }, now)).toBe('升级后已增加席位，不能再退回升级');
    expect(serviceRefundRefusal({ kind: 'upgrade', seats: 1, stillUpgraded: false }, now)).toBe('该服务的版本已变更，不能再退回升级');
  });

  it('续费 and 升级 come back whole, codes one by one', () => {
    expect([refundedWhole('renew'), refundedWhole('upgrade'), refundedWhole('seats'), refundedWhole('purchase')]).toEqual([true, true, false, false]);
  });
});
