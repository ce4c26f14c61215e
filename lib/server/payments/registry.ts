/**
 * The provider registry: which provider serves a channel, and the operations every provider offers
 * in one shape, so the payment service never branches on WeChat or Alipay beyond this file.
 */
import { alipay } from './alipay';
import { providerOf, type CreateTrade, type PayChannel, type PaymentChannel, type ProviderName, type ProviderTrade, type RefundRequest, type RefundState } from './types';
import { wechatPay } from './wechat';

type StartedTrade = { codeUrl?: string; h5Url?: string };

export type Provider = {
  name: ProviderName;
  /** Creates the provider's trade (WeChat) or nothing yet (Alipay: the form creates it in the browser). */
  start(channel: PayChannel, t: CreateTrade): Promise<StartedTrade>;
  query(paymentNo: string): Promise<ProviderTrade>;
  close(paymentNo: string): Promise<void>;
  refund(r: RefundRequest): Promise<RefundState>;
};

const wechat: Provider = {
  name: 'wechat',
  start: (channel, t) => (channel === 'wechat_native' ? wechatPay.createNative(t) : wechatPay.createH5(t)),
  query: (no) => wechatPay.query(no),
  close: (no) => wechatPay.close(no),
  refund: (r) => wechatPay.refund(r),
};

const ali: Provider = {
  name: 'alipay',
  start: async () => ({}),
  query: (no) => alipay.query(no),
  close: (no) => alipay.close(no),
  // Repeating a refund with the same out_request_no is Alipay's way to learn its outcome.
  refund: (r) => alipay.refund(r),
};

export function providerFor(channel: PaymentChannel): Provider {
  return providerOf(channel) === 'wechat' ? wechat : ali;
}
