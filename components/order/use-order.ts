'use client';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api/client';
import { orderKey, type Order } from './types';

/** One order by its number (null: no orderNo in the address). */
export function useOrder(orderNo: string | null) {
  return useSWR<Order>(orderNo ? orderKey(orderNo) : null, swrFetcher<Order>, { shouldRetryOnError: false });
}
