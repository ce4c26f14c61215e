/**
 * /personalCenter/PersonalOrder (desktop): one page of orders as a table, rendered on the server
 * like every logged-in list; page size 10–100 (PAGE_SIZES, default 10) and link pagination. The
 * page, size and status live in the URL. The goods show their pictures (up to three, as the list
 * reads them); the date and the state keep to one line.
 */
import Link from 'next/link';
import { formatFen } from '@/lib/domain/money';
import type { OrderListFilter } from '@/lib/validation/order';
import { pageHref } from '@/lib/web/query-string';
import { screenHref } from '@/lib/domain/screens';
import { listOrders } from '@/lib/server/flows/order-list';
import { DataTable } from '@/components/ui/data-table';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { Pagination } from '@/components/ui/pagination';
import { FinishedOrderButtons } from './finished-order-buttons';
import { formatTime } from './format-time';
import { StatusLabel } from './status-label';
import { NoOrders } from './no-orders';

type Props = { userId: number; basePath: string; status?: OrderListFilter; page: number; pageSize: number };

export async function OrderTable({ userId, basePath, status, page, pageSize }: Props) {
  const data = await listOrders(userId, { status, page, pageSize });
  const href = (p: number) => pageHref(basePath, { status }, p, pageSize);
  if (data.total === 0) return <NoOrders />;
  return (
    <div className="order-table">
      <DataTable
        caption="订单列表"
        hideCaption
        wrapClass="landing-table"
        head={['订单编号', '下单时间', '商品', '实付金额', '状态', '操作']}
        rows={data.items.map((o) => ({
          key: o.orderNo,
          cells: [
            o.orderNo,
            <time key="d" dateTime={o.createdAt} className="nowrap">
              {formatTime(o.createdAt)}
            </time>,
            <span key="g" className="order-table-goods">
              <span className="order-table-thumbs">
                {o.lines.map((l, i) => (l.image ? <img key={i} src={l.image} alt="" width={48} height={48} loading="lazy" decoding="async" /> : <span key={i} className="order-line-img" />))}
              </span>
              <span className="small">
                {o.lines.map((l) => `${l.productName} ${l.skuName} × ${l.quantity}`).join('；')}
                <span className="muted">（共 {o.itemCount} 件）</span>
              </span>
            </span>,
            <span key="t" className="price">
              {formatFen(o.totalFen)}
            </span>,
            <span key="s" className="nowrap">
              <StatusLabel order={o} />
            </span>,
            <span key="a" className="row">
              <Link href={screenHref('orderDetail', 'desktop', { orderNo: o.orderNo })} prefetch={false}>
                查看详情
              </Link>
              {o.status === 'pending_payment' ? (
                <Link href={screenHref('pay', 'mobile', { orderNo: o.orderNo })} prefetch={false}>
                  去支付
                </Link>
              ) : null}
              {o.canReview ? (
                <Link href={screenHref('reviewApply', 'desktop', { orderNo: o.orderNo })} prefetch={false}>
                  评价
                </Link>
              ) : null}
              {o.canAfterSale ? (
                <Link href={screenHref('afterSaleApply', 'desktop', { orderNo: o.orderNo })} prefetch={false}>
                  申请售后
                </Link>
              ) : null}
              <FinishedOrderButtons order={o} device="desktop" />
            </span>,
          ],
        }))}
      />
      <div className="spread order-table-foot">
        <PageSizeSelect basePath={basePath} pageSize={pageSize} query={{ status }} />
        <span className="muted small">共 {data.total} 个订单</span>
      </div>
      <Pagination page={page} pageSize={pageSize} total={data.total} href={href} />
    </div>
  );
}
