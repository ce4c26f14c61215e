'use client';
/**
 * 退货物流 of an after-sales request (docs/tracking.md#returns): once the shopper entered the waybill,
 * its carrier, number (复制), state and timeline newest first, as 物流详情 shows an order's parcel.
 * Asked again when the shopper comes back to the page.
 */
import useSWR from 'swr';
import { ParcelTrack } from '@/components/order/parcel-track';
import { swrFetcher } from '@/lib/api/client';
import type { AfterSaleTracking } from '@/lib/server/flows/after-sale-tracking';

export function ReturnTracking({ afterSaleNo }: { afterSaleNo: string }) {
  const { data: t } = useSWR<AfterSaleTracking>(`/aftersales/${encodeURIComponent(afterSaleNo)}/tracking`, swrFetcher<AfterSaleTracking>, { shouldRetryOnError: false });
  if (!t || (!t.carrier && !t.trackingNo)) return null;
  return (
    <ParcelTrack
      title="退货物流"
      titleId="as-return-tracking"
      owner={{ term: '售后单号', value: t.afterSaleNo }}
      carrier={t.carrier}
      trackingNo={t.trackingNo}
      state={t.state}
      stateLabel={t.stateLabel}
      events={t.events}
    />
  );
}
