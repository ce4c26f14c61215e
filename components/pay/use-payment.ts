'use client';
/** The pay screens' reads: start (or reopen) a payment, and poll its status every 2 s while it is open. */
import useSWR from 'swr';
import { api, swrFetcher } from '@/lib/api/client';
import { API_FALLBACK_ERROR } from '@/lib/api/protocol';
import { PAYMENT_POLL_MS } from '@/lib/web/ui';
import type { PayChannel } from '@/lib/domain/payment-channels';
import type { PaymentView } from '@/lib/server/modules/payment';

export const startPayment = (orderNo: string, channel: PayChannel) => api.post<PaymentView>('/payments', { orderNo, channel });

/** Polls GET /payments/{paymentNo} until the payment is no longer pending. */
export function usePaymentStatus(paymentNo: string | null) {
  return useSWR<PaymentView>(paymentNo ? `/payments/${encodeURIComponent(paymentNo)}` : null, swrFetcher<PaymentView>, {
    refreshInterval: (p) => (!p || p.status === 'pending' ? PAYMENT_POLL_MS : 0),
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  });
}

/** Starts a payment once for this order and channel (a reload shows the same open payment); `retry` starts it again. */
export function useStartedPayment(orderNo: string | null, channel: PayChannel, enabled: boolean) {
  // Asked again on every mount (the server reopens the open attempt), never on focus or reconnect.
  const { data, error, mutate } = useSWR(enabled && orderNo ? (['start-payment', orderNo, channel] as const) : null, ([, o, c]) => startPayment(o, c), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  return {
    payment: data ?? null,
    failed: error ? (error instanceof Error ? error.message : API_FALLBACK_ERROR) : null,
    retry: () => void mutate(),
  };
}
