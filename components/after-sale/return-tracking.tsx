'use client';
/**
 * The parcels of an after-sales request (docs/tracking.md#returns, #exchanges): 退货物流 once the
 * shopper entered the return waybill, and for an exchange 换新物流 once the shop sent the new goods —
 * each its carrier, number (复制), state and timeline newest first, as 物流详情 shows an order's parcel.
 * Asked again every TRACKING_REFRESH_S seconds while the page is visible (SWR pauses a hidden tab), so
 * the carrier's steps appear without a reload.
 */
import useSWR from 'swr';
import { ParcelTrack } from '@/components/order/parcel-track';
import { swrFetcher } from '@/lib/api/client';
import { TRACKING_REFRESH_S } from '@/lib/domain/tracking';
import type { AfterSaleTracking } from '@/lib/server/views/after-sale-tracking';

export function ReturnTracking({ afterSaleNo }: { afterSaleNo: string }) {
  const { data: t } = useSWR<AfterSaleTracking>(`/aftersales/${encodeURIComponent(afterSaleNo)}/tracking`, swrFetcher<AfterSaleTracking>, {
    shouldRetryOnError: false,
    refreshInterval: (d) => (d && (d.exchange ?? d).state === 'signed' ? 0 : TRACKING_REFRESH_S * 1000),
  });
  if (!t) return null;
  const owner = { term: '售后单号', value: t.afterSaleNo };
  return (
    <>
      {t.carrier || t.trackingNo ? (
        <ParcelTrack title="退货物流" titleId="as-return-tracking" owner={owner} carrier={t.carrier} trackingNo={t.trackingNo} state={t.state} stateLabel={t.stateLabel} events={t.events} />
      ) : null}
      {t.exchange ? (
        <ParcelTrack
          title="换新物流"
          titleId="as-reship"
          owner={owner}
          carrier={t.exchange.carrier}
          trackingNo={t.exchange.trackingNo}
          state={t.exchange.state}
          stateLabel={t.exchange.stateLabel}
          events={t.exchange.events}
        />
      ) : null}
    </>
  );
}
