import { describe, expect, it } from 'vitest';
import { changeRefusal } from '@/lib/domain/subscription-changes';
import { SERVICE_PLANS } from '@/lib/domain/subscription';

const personal = SERVICE_PLANS['MAIL-P-1Y'];
const company = SERVICE_PLANS['MAIL-E-1Y'];

describe('what may be bought for a subscription now', () => {
  it('续费 in every state of a started term, a lapsed one included; never before activation or after a refund', () => {
    for (const s of ['active', 'due_soon', 'grace', 'expired'] as const) expect(changeRefusal('renew', s, company)).toBeNull();
    expect(changeRefusal('renew', 'unused', company)).toBe('该服务尚未激活，请先激活后再续费');
    expect(changeRefusal('renew', 'refunded', company)).toBe('该服务已退款，不能续费');
  });
  it('加席位 only for an edition sold by the seat, and only while in force', () => {
    expect(changeRefusal('seats', 'active', company)).toBeNull();
    expect(changeRefusal('seats', 'due_soon', company)).toBeNull();
    expect(changeRefusal('seats', 'grace', company)).toBe('服务已到期（宽限期中），请先续费再加席位');
    expect(changeRefusal('seats', 'expired', company)).toBe('服务已过期，请先续费再加席位');
    expect(changeRefusal('seats', 'active', personal)).toBe('个人版不按席位计费，不能加席位');
  });
  it('升级 only where the edition leads to another, and only while in force', () => {
    expect(changeRefusal('upgrade', 'active', personal)).toBeNull();
    expect(changeRefusal('upgrade', 'due_soon', personal)).toBeNull();
    expect(changeRefusal('upgrade', 'grace', personal)).toBe('服务已到期（宽限期中），请先续费再升级');
    expect(changeRefusal('upgrade', 'active', company)).toBe('企业版已是最高版本，没有可升级的版本');
    expect(changeRefusal('upgrade', 'unused', personal)).toBe('该服务尚未激活，请先激活后再升级');
  });
});
