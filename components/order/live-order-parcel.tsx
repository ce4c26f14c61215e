'use client';
/**
 * 物流详情's parcel, following the carrier live (docs/tracking.md#reads): drawn first from the server's
 * answer, then asked again every TRACKING_REFRESH_S seconds while the page is visible (SWR pauses a
 * hidden tab) until the parcel is signed for. 确认收货 is offered while the order allows it (待收货);
 * in demo mode 「模拟快递员」 moves the demo carrier's parcel one step (the owner's right,
 * docs/tracking.md#demo-carrier).
 */
import useSWR from 'swr';
import { api, swrFetcher } from '@/lib/api/client';
import { TRACKING_REFRESH_S } from '@/lib/domain/tracking';
import type { OrderTracking } from '@/lib/server/views/order-tracking';
import { useConfirm } from '@/components/ui/use-confirm';
import { useSubmit } from '@/components/ui/use-form-state';
import { ParcelTrack } from './parcel-track';

type Props = { initial: OrderTracking; demo: boolean; children?: React.ReactNode };

export function LiveOrderParcel({ initial, demo, children }: Props) {
  const path = `/orders/${encodeURIComponent(initial.orderNo)}`;
  const { data, mutate } = useSWR<OrderTracking>(`${path}/tracking`, swrFetcher<OrderTracking>, {
    fallbackData: initial,
    shouldRetryOnError: false,
    revalidateOnMount: false,
    refreshInterval: (d) => (d?.state === 'signed' && d.orderStatus !== 'shipped' ? 0 : TRACKING_REFRESH_S * 1000),
  });
  const t = data ?? initial;
  const { busy, submit } = useSubmit();
  const [confirm, dialog] = useConfirm();

  const receive = async () => {
    if (busy || !(await confirm('确认已经收到全部商品了吗？', '确认收货'))) return;
    await submit(async () => {
      await api.post(`${path}/confirm`);
      await mutate();
    });
  };
  const courier = () =>
    submit(async () => {
      await api.post(`${path}/tracking/advance`);
      await mutate();
    });

  return (
    <ParcelTrack
      title="包裹信息"
      titleId="logistics-title"
      owner={{ term: '订单编号', value: t.orderNo }}
      carrier={t.carrier}
      trackingNo={t.trackingNo}
      state={t.state}
      stateLabel={t.stateLabel}
      events={t.events}
    >
      {t.orderStatus === 'shipped' || (demo && t.state !== 'signed') ? (
        <div className="order-actions">
          {demo && t.state !== 'signed' ? (
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={courier} title="演示模式：让演示快递把包裹送到下一站">
              模拟快递员
            </button>
          ) : null}
          {t.orderStatus === 'shipped' ? (
            <button type="button" className="btn" disabled={busy} onClick={receive}>
              确认收货
            </button>
          ) : null}
        </div>
      ) : null}
      {children}
      {dialog}
    </ParcelTrack>
  );
}
