/**
 * /OrderDistribute?orderNo=: carrier, the waybill number (with 复制), the parcel's state and its
 * timeline newest first: the carrier's events and the shop's 「已发货」 (docs/tracking.md#reads).
 * Rendered on the server; 复制 is the only client part.
 */
import Link from 'next/link';
import { screenHref } from '@/lib/domain/screens';
import { orNullIfNotFound } from '@/lib/server/errors';
import { orderTracking } from '@/lib/server/views/order-tracking';
import { OrderState } from './order-state';
import { shopMode } from '@/lib/site';
import { LiveOrderParcel } from './live-order-parcel';

export async function OrderLogistics({ userId, orderNo, listPath }: { userId: number; orderNo: string | null; listPath: string }) {
  if (!orderNo) return <OrderState kind="missing" back={listPath} />;
  const t = await orNullIfNotFound(orderTracking(userId, orderNo));
  if (!t) return <OrderState kind="missing" back={listPath} />;

  const back = (
    <Link href={screenHref('orderDetail', 'mobile', { orderNo: t.orderNo })} prefetch={false}>
      返回订单详情
    </Link>
  );
  if (!t.carrier && !t.trackingNo) {
    return (
      <section className="card empty">
        <p>
          {t.kind === 'service'
            ? '量子安全服务无需配送，付款后激活码在订单详情中查看。'
            : t.orderStatus === 'cancelled'
              ? '该订单已取消，没有物流信息。'
              : `该订单（${t.orderStatusLabel}）尚未发货，发货后这里会显示快递公司、运单号和物流轨迹。`}
        </p>
        <p>{back}</p>
      </section>
    );
  }
  return (
    <LiveOrderParcel initial={t} demo={shopMode() === 'demo'}>
      <p>{back}</p>
    </LiveOrderParcel>
  );
}
