/**
 * 上门取件's slots (docs/after-sales.md#pickup, lib/domain/pickup.ts): today and tomorrow in Beijing time,
 * two hours each from 09:00 to 19:00, open while the start is at least PICKUP_LEAD_MINUTES away; a
 * booking of another day, of no slot, or of a slot begun or too near is refused with the reason.
 */
import { describe, expect, it } from 'vitest';
import { PICKUP_LEAD_MINUTES } from '@/lib/domain/after-sale-rules';
import { pickSlot, pickupSlots } from '@/lib/domain/pickup';

/** An instant given in Beijing time. */
const bj = (s: string) => new Date(`${s}+08:00`);

describe('pickupSlots', () => {
  it('lists five two-hour slots today and five tomorrow, in Beijing time, with their instants', () => {
    const slots = pickupSlots(bj('2026-03-10T08:00:00'));
    expect(slots.map((s) => s.label)).toEqual([
      '今天 09:00–11:00',
      '今天 11:00–13:00',
      '今天 13:00–15:00',
      '今天 15:00–17:00',
      '今天 17:00–19:00',
      '明天 09:00–11:00',
      '明天 11:00–13:00',
      '明天 13:00–15:00',
      '明天 15:00–17:00',
      '明天 17:00–19:00',
    ]);
    expect(slots[0]).toMatchObject({ date: '2026-03-10', day: 'today', start: '09:00', end: '11:00', startsAt: '2026-03-10T01:00:00.000Z', endsAt: '2026-03-10T03:00:00.000Z', open: true });
    expect(slots[5]).toMatchObject({ date: '2026-03-11', day: 'tomorrow', dayLabel: '明天' });
  });

  it('takes the day in Beijing: 23:30 UTC is already the next morning there', () => {
    const slots = pickupSlots(new Date('2026-03-10T23:30:00Z'));
    expect(slots[0].date).toBe('2026-03-11');
    expect(slots[5].date).toBe('2026-03-12');
    expect(slots.every((s) => s.open)).toBe(true); // 07:30 there: every slot is ahead
  });

  it(`closes a slot begun, and one starting within ${PICKUP_LEAD_MINUTES} minutes; tomorrow stays open`, () => {
    const open = (at: string) => pickupSlots(bj(at)).filter((s) => s.open).map((s) => `${s.dayLabel} ${s.start}`);
    expect(open('2026-03-10T10:29:00')).toEqual(['今天 11:00', '今天 13:00', '今天 15:00', '今天 17:00', '明天 09:00', '明天 11:00', '明天 13:00', '明天 15:00', '明天 17:00']);
    expect(open('2026-03-10T10:30:00')).toContain('今天 11:00'); // exactly the lead time
    expect(open('2026-03-10T10:31:00')).not.toContain('今天 11:00');
    expect(open('2026-03-10T18:59:00')).toEqual(['明天 09:00', '明天 11:00', '明天 13:00', '明天 15:00', '明天 17:00']);
  });
});

describe('pickSlot', () => {
  const now = bj('2026-03-10T14:20:00');
  it('answers the slot when it is open', () => {
    expect(pickSlot('2026-03-10', '15:00', now)).toMatchObject({ label: '今天 15:00–17:00', open: true });
    expect(pickSlot('2026-03-11', '09:00', now)).toMatchObject({ label: '明天 09:00–11:00' });
  });
  it('refuses a slot in the past or too near, another day and a time that is no slot, in Chinese', () => {
    expect(pickSlot('2026-03-10', '13:00', now)).toBe(`该时段已过或即将开始（需提前 ${PICKUP_LEAD_MINUTES} 分钟预约），请选择其他时段`);
    expect(pickSlot('2026-03-10', '15:00', bj('2026-03-10T14:45:00'))).toContain('该时段已过或即将开始');
    expect(pickSlot('2026-03-09', '15:00', now)).toBe('只能预约今天或明天的上门时间');
    expect(pickSlot('2026-03-12', '09:00', now)).toBe('只能预约今天或明天的上门时间');
    expect(pickSlot('2026-03-10', '16:00', now)).toBe('请选择列表中的上门时段');
    expect(pickSlot('2026-03-10', '19:00', now)).toBe('请选择列表中的上门时段');
  });
});
