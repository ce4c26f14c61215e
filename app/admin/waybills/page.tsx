import Link from 'next/link';
import { formatTime } from '@/components/order/format-time';
import { DataTable } from '@/components/ui/data-table';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { TRACKING_TROUBLE_DAYS } from '@/lib/domain/tracking';
import { quietWaybills } from '@/lib/server/views/quiet-waybills';
import { OrderLink } from '@/components/admin/order-link';

export const metadata = { title: '疑难运单' };

/** Waybills of orders still 待收货 whose tracking has gone quiet, or that the carrier calls 疑难 (docs/tracking.md#console). */
export default async function AdminWaybillsPage() {
  await requirePageOperator();
  const items = await quietWaybills();
  return (
    <>
      <p className="small">
        <Link href="/admin/orders">← 返回订单列表</Link>
      </p>
      <h1>疑难运单</h1>
      <p className="muted small">
        待收货的订单中，{TRACKING_TROUBLE_DAYS} 天没有新物流信息（从最后一条轨迹、没有轨迹时从发货算起），或快递公司标为疑难的包裹，最久没有动静的在前。请联系快递公司核实。
      </p>
      {items.length ? (
        <DataTable
          caption="疑难运单"
          hideCaption
          wrapClass="admin-table"
          head={['订单', '快递公司', '运单号', '目的地', '物流状态', '发货时间', '最后轨迹']}
          rows={items.map((w) => ({
            key: w.orderNo,
            cells: [
              <OrderLink key="o" orderNo={w.orderNo} />,
              w.carrier ?? w.carrierCode,
              w.trackingNo,
              w.destination,
              w.stateLabel,
              formatTime(w.shippedAt) || '—',
              formatTime(w.lastEventAt) || '暂无轨迹',
            ],
          }))}
        />
      ) : (
        <p className="admin-panel muted">没有疑难运单，所有在途包裹近 {TRACKING_TROUBLE_DAYS} 天内都有新的物流信息。</p>
      )}
    </>
  );
}
