import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@/lib/domain/order-status';
import { AFTER_SALE_STATUSES } from '@/lib/domain/after-sale';
import { deregisteredPhone, maskAddressSnapshot, UNFINISHED_AFTER_SALE_STATUSES, UNFINISHED_ORDER_STATUSES } from '@/lib/domain/privacy';
import { isValidPhone } from '@/lib/validation/phone';

const snapshot = { name: '欧阳娜娜', tel: '13912345678', province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '340104', addressDetail: '科学大道 9 号 3 栋 502' };

describe('注销账号 rules (docs/privacy.md#deregistration)', () => {
  it('masks an order address to surname, masked phone and region', () => {
    expect(maskAddressSnapshot(snapshot)).toEqual({ ...snapshot, name: '欧**', tel: '139****5678', addressDetail: '（已注销）' });
    expect(maskAddressSnapshot({ ...snapshot, tel: '+8613912345678' }).tel).toBe('139****5678');
    expect(maskAddressSnapshot({ ...snapshot, tel: '0551-65550909' }).tel).toBe('0551-****0909');
  });

  it('replaces the phone by a marker that can never log in and fits the column', () => {
    const marker = deregisteredPhone(2_147_483_647);
    expect(marker).toBe('已注销#2147483647');
    expect(marker.length).toBeLessThanOrEqual(20);
    expect(isValidPhone(marker)).toBe(false);
  });

  it('counts only the finished states as finished', () => {
    const finishedOrders = ORDER_STATUSES.filter((s) => !(UNFINISHED_ORDER_STATUSES as readonly string[]).includes(s));
    expect(finishedOrders.sort()).toEqual(['cancelled', 'completed', 'refunded']);
    const closedSales = AFTER_SALE_STATUSES.filter((s) => !(UNFINISHED_AFTER_SALE_STATUSES as readonly string[]).includes(s));
    expect(closedSales.sort()).toEqual(['cancelled', 'completed', 'refunded', 'rejected']);
  });
});
