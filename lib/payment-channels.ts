/** The ways to pay (docs/rules.md#payments) and the payment states: the one list of names, shared by server and screens. */
import type { Device } from './device';

export const PAY_CHANNELS = ['wechat_native', 'wechat_h5', 'alipay_page', 'alipay_wap'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'closed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Which channel a device uses for each method: desktop scans a QR code or opens the page cashier. */
export const CHANNEL_FOR = {
  wechat: { desktop: 'wechat_native', mobile: 'wechat_h5' },
  alipay: { desktop: 'alipay_page', mobile: 'alipay_wap' },
} as const satisfies Record<string, Record<Device, PayChannel>>;
