/**
 * A parcel's tracking state as the shop shows it (docs/tracking.md#states): the carrier's state codes
 * (快递100's, resultv2 sub-states included) folded into a few the shopper reads; the carriers the console
 * ships with, their waybill numbers, and how often the screens ask again. Browser-safe.
 */

/** The carriers an operator ships with (发货). */
export const CARRIERS = ['顺丰速运', '京东物流', '中通快递', '圆通速递', '韵达快递', 'EMS', '申通快递'] as const;
/** Waybill numbers (运单号): letters and digits, this many. */
export const TRACKING_NO_MIN = 8;
export const TRACKING_NO_MAX = 30;
/** A waybill not yet signed with no event for this long is on the console's 疑难 list. */
export const TRACKING_TROUBLE_DAYS = 3;
/** 物流详情 and an after-sales request's parcels ask for the tracking again this often while the page is visible (docs/tracking.md#reads). */
export const TRACKING_REFRESH_S = 10;

/** 快递100's company code of each carrier the console ships with. */
export const CARRIER_CODES: Record<(typeof CARRIERS)[number], string> = {
  顺丰速运: 'shunfeng',
  京东物流: 'jd',
  中通快递: 'zhongtong',
  圆通速递: 'yuantong',
  韵达快递: 'yunda',
  EMS: 'ems',
  申通快递: 'shentong',
};

/** `shipped` is the shop's own event of 发货; the others are the carrier's. */
export type TrackingState = 'shipped' | 'waiting' | 'collected' | 'in_transit' | 'delivering' | 'signed' | 'trouble' | 'returned' | 'rejected' | 'customs';

/** One step of a parcel's timeline as the shopper reads it: the carrier's, or the shop's own (已发货, 已寄回). */
export type TrackingEvent = { time: string; place: string | null; text: string; state: TrackingState | null; stateLabel: string | null };

/** A parcel as 物流详情 shows it (an order's shipment, an after-sales return): state null before it was sent. */
export type ParcelView = {
  carrier: string | null;
  trackingNo: string | null;
  state: TrackingState | null;
  stateLabel: string | null;
  signedAt: string | null;
  events: TrackingEvent[];
};

/**
 * A parcel's view from its waybill as the carrier tracks it (null before it was subscribed) and the
 * shop's own steps (已发货, 已寄回), merged newest first. Before the carrier knows it, a parcel with a
 * carrier or number is in `unsubscribed` (the order: 已发货; a return: 待揽收).
 */
export function parcelView(p: {
  carrier: string | null;
  trackingNo: string | null;
  waybill: { state: TrackingState; signedAt: string | null; events: TrackingEvent[] } | null;
  own: TrackingEvent[];
  unsubscribed: TrackingState;
}): ParcelView {
  const sent = p.carrier !== null || p.trackingNo !== null;
  const state = p.waybill ? p.waybill.state : sent ? p.unsubscribed : null;
  return {
    carrier: p.carrier,
    trackingNo: p.trackingNo,
    state,
    stateLabel: state ? TRACKING_STATE_LABEL[state] : null,
    signedAt: p.waybill?.signedAt ?? null,
    events: [...(p.waybill?.events ?? []), ...p.own].sort((a, b) => Date.parse(b.time) - Date.parse(a.time)),
  };
}

export const TRACKING_STATE_LABEL: Record<TrackingState, string> = {
  shipped: '已发货',
  waiting: '待揽收',
  collected: '已揽收',
  in_transit: '运输中',
  delivering: '派送中',
  signed: '已签收',
  trouble: '疑难',
  returned: '退回',
  rejected: '拒签',
  customs: '清关',
};

/**
 * The top state of a 快递100 code: resultv2 adds sub-states (101–103 揽收, 1001–1003 在途, 2xx 疑难, 3xx
 * 签收, 5xx 派件 …) that start with their top state's code.
 */
export function topStateCode(code: string): string {
  if (/^10\d\d$/.test(code)) return '0';
  if (/^\d{3}$/.test(code)) return code[0];
  return code;
}

const BY_CODE: Record<string, TrackingState> = {
  '0': 'in_transit',
  '1': 'collected',
  '2': 'trouble',
  '3': 'signed',
  '4': 'returned',
  '5': 'delivering',
  '6': 'returned',
  '7': 'in_transit',
  '8': 'customs',
  '10': 'customs',
  '11': 'customs',
  '12': 'customs',
  '13': 'trouble',
  '14': 'rejected',
};

/** The shop's state of a carrier code; null (no push yet) is 待揽收. An unknown code reads 运输中. */
export function trackingState(code: string | null): TrackingState {
  if (code === null) return 'waiting';
  return BY_CODE[topStateCode(code)] ?? 'in_transit';
}
