/**
 * 上门取件 of a return (docs/after-sales.md#pickup): the slots a shopper may book — today and tomorrow in
 * Beijing time, two hours each, offered while their start is at least PICKUP_LEAD_MINUTES away — and a
 * pickup's states as the shopper reads them. Pure and browser-safe: the slot picker and the API decide alike.
 */
import { PICKUP_LEAD_MINUTES, PICKUP_SLOT_HOURS, PICKUP_SLOT_START_HOURS } from './after-sale-rules';
import { DAY_MS, shopDay, shopDayStart } from './shop-time';

/** booked: the carrier has the order; assigned: a courier and a waybill; collected: the goods are on their way back. */
export const PICKUP_STATES = ['booked', 'assigned', 'collected', 'cancelled', 'failed'] as const;
export type PickupState = (typeof PICKUP_STATES)[number];
/** The states a pickup may still be cancelled in (before the courier comes), and the ones at most one pickup of a return is in. */
export const LIVE_PICKUP_STATES = ['booked', 'assigned'] as const satisfies readonly PickupState[];

export const PICKUP_STATE_LABEL: Record<PickupState, string> = {
  booked: '待分配快递员',
  assigned: '快递员已接单',
  collected: '快递员已取件',
  cancelled: '已取消',
  failed: '预约失败',
};

export type PickupDay = 'today' | 'tomorrow';
const PICKUP_DAY_LABEL: Record<PickupDay, '今天' | '明天'> = { today: '今天', tomorrow: '明天' };

/** One slot: its Beijing day and times, whether it may still be booked, and its instants. */
export type PickupSlot = { date: string; day: PickupDay; dayLabel: string; start: string; end: string; label: string; open: boolean; startsAt: string; endsAt: string };

const hhmm = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The slots of today and tomorrow (Beijing time) at `now`, each `open` while its start is at least the lead time away. */
export function pickupSlots(now: Date = new Date()): PickupSlot[] {
  const today = shopDay(now);
  const days: [PickupDay, string][] = [
    ['today', today],
    ['tomorrow', shopDay(new Date(shopDayStart(today).getTime() + DAY_MS))],
  ];
  return days.flatMap(([day, date]) =>
    PICKUP_SLOT_START_HOURS.map((h) => {
      const startsAt = new Date(`${date}T${hhmm(h)}:00+08:00`);
      const endsAt = new Date(startsAt.getTime() + PICKUP_SLOT_HOURS * 3_600_000);
      const start = hhmm(h);
      const end = hhmm(h + PICKUP_SLOT_HOURS);
      return {
        date,
        day,
        dayLabel: PICKUP_DAY_LABEL[day],
        start,
        end,
        label: `${PICKUP_DAY_LABEL[day]} ${start}–${end}`,
        open: startsAt.getTime() - now.getTime() >= PICKUP_LEAD_MINUTES * 60_000,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
      };
    }),
  );
}

/** The slot a booking names, or the Chinese reason it cannot be booked (another day, not a slot, begun or too near). */
export function pickSlot(date: string, start: string, now: Date = new Date()): PickupSlot | string {
  const slots = pickupSlots(now);
  if (!slots.some((s) => s.date === date)) return '只能预约今天或明天的上门时间';
  const slot = slots.find((s) => s.date === date && s.start === start);
  if (!slot) return '请选择列表中的上门时段';
  if (!slot.open) return `该时段已过或即将开始（需提前 ${PICKUP_LEAD_MINUTES} 分钟预约），请选择其他时段`;
  return slot;
}
