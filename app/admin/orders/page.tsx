import Link from 'next/link';
import { OrderFilters } from '@/components/admin/order-filters';
import { formatTime } from '@/components/order/format-time';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { formatFen } from '@/lib/domain/money';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';
import { pageHref, withQuery } from '@/lib/web/query-string';
import { listAdminOrders } from '@/lib/server/views/console-order-list';
import { adminOrderQuerySchema } from '@/lib/validation/admin';
import { TRACKING_TROUBLE_DAYS } from '@/lib/domain/tracking';

export const metadata = { title: '订单' };

type Props = { searchParams: Promise<PageQuery> };

export default async function AdminOrdersPage({ searchParams }: Props) {
  await requirePageOperator();
  const raw = flatQuery(await searchParams);
  const parsed = adminOrderQuerySchema.safeParse(raw);
  const q = parsed.success ? parsed.data : adminOrderQuerySchema.parse({ pageSize: raw.pageSize });
  const page = await listAdminOrders(q);
  const filters = { status: q.status, from: q.from, to: q.to, orderNo: q.orderNo, phone: q.phone };
  return (
    <>
      <h1>订单</h1>
      <p className="small">
        <Link href="/admin/waybills">疑难运单</Link>：发货后 {TRACKING_TROUBLE_DAYS} 天没有新物流信息、或快递公司标为疑难的包裹
      </p>
      <OrderFilters values={{ ...filters, pageSize: q.pageSize }} />
      {parsed.success ? null : (
        <p className="admin-notice" role="alert">
          {parsed.error.issues[0]?.message ?? '筛选条件不正确'}，已显示全部订单。
        </p>
      )}
      <div className="admin-toolbar">
        <span className="muted small">共 {page.total} 个订单</span>
        <a className="btn btn-ghost btn-sm" href={withQuery('/api/v1/admin/orders/export', filters)} download>
          导出 CSV
        </a>
      </div>
      {page.items.length ? (
        <DataTable
          caption="订单列表"
          hideCaption
          wrapClass="admin-table"
          head={['订单号', '下单时间', '状态', '商品', '金额', '下单手机号', '收货人', '物流', '操作']}
          rows={page.items.map((o) => ({
            key: o.orderNo,
            cells: [
              o.orderNo,
              formatTime(o.createdAt),
              <span key="s" className={o.status === 'paid' ? 'tag tag-warn' : 'tag'}>
                {o.statusLabel}
              </span>,
              `${o.items}${o.kind === 'service' ? '（服务）' : ''}`,
              formatFen(o.totalFen),
              o.buyerPhone,
              o.receiverName ? `${o.receiverName} ${o.receiverTel ?? ''}` : '—',
              o.trackingNo ? `${o.carrier} ${o.trackingNo}` : '—',
              <Link key="d" href={`/admin/orders/${o.orderNo}`}>
                {o.status === 'paid' && o.kind === 'device' ? '发货' : '详情'}
              </Link>,
            ],
          }))}
        />
      ) : (
        <p className="admin-panel muted">没有符合条件的订单。</p>
      )}
      <Pagination
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        href={(p) => pageHref('/admin/orders', filters, p, q.pageSize)}
      />
    </>
  );
}
