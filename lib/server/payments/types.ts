/** What the shop needs from a payment provider, whichever it is (WeChat Pay v3, Alipay). */

import type { PayChannel, PaymentChannel } from '../../domain/payment-channels';

export type { PayChannel, PaymentChannel };
export type ProviderName = 'wechat' | 'alipay';

export const providerOf = (channel: PaymentChannel): ProviderName => (channel.startsWith('wechat') ? 'wechat' : 'alipay');

/** A trade as the provider reports it, in our words. */
export type ProviderTrade =
  | { state: 'succeeded'; transactionId: string; amountFen: number; paidAt: Date }
  | { state: 'pending' | 'closed' | 'not_found' | 'failed' };

export type CreateTrade = {
  paymentNo: string;
  amountFen: number;
  description: string;
  expiresAt: Date;
  clientIp: string;
  /** Where the shopper's browser comes back to after paying (H5, Alipay). */
  returnUrl: string;
};

export type RefundRequest = { paymentNo: string; refundNo: string; refundFen: number; totalFen: number; reason: string };
export type RefundState = 'processing' | 'succeeded' | 'failed';

/** A notification that passed every check of its provider. */
export type VerifiedNotification =
  | { kind: 'payment'; eventId: string; paymentNo: string; trade: ProviderTrade; appId: string; merchantId: string | null }
  | { kind: 'refund'; eventId: string; paymentNo: string; refundNo: string; state: RefundState };

export class NotificationRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NotificationRejected';
  }
}

/** Thrown when the provider answers with an error or cannot be reached. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
