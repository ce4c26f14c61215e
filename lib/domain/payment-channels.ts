/** The ways to pay (docs/rules.md#payments) and what a refund gives back: the one list of names, shared by server and screens. */
import type { Device } from '../web/device';

export const PAY_CHANNELS = ['wechat_native', 'wechat_h5', 'alipay_page', 'alipay_wap'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/**
 * Charges the shop makes itself on a signed 自动续费 contract (WeChat Pay 委托代扣, Alipay 周期扣款:
 * docs/subscriptions.md#自动续费): never a shopper's choice at the pay screen, so not among PAY_CHANNELS.
 */
export type DeductionChannel = 'wechat_papay' | 'alipay_agreement';
/** Every channel a payment row can have. */
export type PaymentChannel = PayChannel | DeductionChannel;

/**
 * What a refund gives back: the order's money (goods and its shipping), or 运费补偿, the return
 * shipping of a shop-fault return paid back on its own (docs/after-sales.md#return-shipping), or a
 * 价保 claim's difference (docs/rules.md#价保), which is a part of the order's money given back too.
 */
export const REFUND_KIND_LABEL = { goods: '退款', return_shipping: '运费补偿', price_protect: '价保退款' } as const;
export type RefundKind = keyof typeof REFUND_KIND_LABEL;
export const REFUND_KINDS = Object.keys(REFUND_KIND_LABEL) as [RefundKind, ...RefundKind[]];

/** How an order was paid, as the order shows it: the method of the channel. */
export const PAY_METHOD_LABEL = {
  wechat_native: '微信支付',
  wechat_h5: '微信支付',
  alipay_page: '支付宝',
  alipay_wap: '支付宝',
  wechat_papay: '微信支付',
  alipay_agreement: '支付宝',
} as const satisfies Record<PaymentChannel, string>;

/** Where a channel is paid, beside its method. */
const PAY_CHANNEL_WHERE = {
  wechat_native: '扫码',
  wechat_h5: '手机 H5',
  alipay_page: '电脑网站',
  alipay_wap: '手机网站',
  wechat_papay: '自动续费',
  alipay_agreement: '自动续费',
} as const satisfies Record<PaymentChannel, string>;

/** A channel as the console names it: the method and where it was paid (微信支付（扫码）…). */
export const PAY_CHANNEL_LABEL = Object.fromEntries(
  (Object.keys(PAY_CHANNEL_WHERE) as PaymentChannel[]).map((c) => [c, `${PAY_METHOD_LABEL[c]}（${PAY_CHANNEL_WHERE[c]}）`]),
) as Record<PaymentChannel, string>;

/** Which channel a device uses for each method: desktop scans a QR code or opens the page cashier. */
export const CHANNEL_FOR = {
  wechat: { desktop: 'wechat_native', mobile: 'wechat_h5' },
  alipay: { desktop: 'alipay_page', mobile: 'alipay_wap' },
} as const satisfies Record<string, Record<Device, PayChannel>>;
