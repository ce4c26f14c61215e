'use client';
/** The pay screens' reads: start (or reopen) a payment, and poll its status every 2 s while it is open. */
import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import { api, swrFetcher } from '@/lib/api/client';
import { API_FALLBACK_ERROR, PAYMENT_POLL_MS } from '@/lib/constants';
import type { PayChannel } from '@/lib/payment-channels';
import type { PaymentView } from '@/lib/server/services/payment';

export const startPayment = (orderNo: string, channel: PayChannel) => api.post<PaymentView>('/payments', { orderNo, channel });

/** Polls GET /payments/{paymentNo} until the payment is no longer pending. */
export function usePaymentStatus(paymentNo: string | null) {
  return useSWR<PaymentView>(paymentNo ? `/payments/${encodeURIComponent(paymentNo)}` : null, swrFetcher<PaymentView>, {
    refreshInterval: (p) => (!p || p.status === 'pending' ? PAYMENT_POLL_MS : 0),
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  });
}

/** Starts a payment once for this order and channel (a reload shows the same open payment). */
export function useStartedPayment(orderNo: string | null, channel: PayChannel, enabled: boolean) {
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const start = useCallback(async () => {
    if (!orderNo) return;
    setFailed(null);
    try {
      setPayment(await startPayment(orderNo, channel));
    } catch (err) {
      setFailed(err instanceof Error ? err.message : API_FALLBACK_ERROR);
    }
  }, [orderNo, channel]);
  useEffect(() => {
    if (enabled) void start();
  }, [enabled, start]);
  return { payment, failed, retry: start };
}
