/**
 * 售后 (/AfterSale, mobile: cards) and 售后服务 (/personalCenter/PersonalAfterSale, desktop: a table
 * with 每页 N 条): the shopper's requests, newest first, by state, with link pagination. Rendered on
 * the server like every logged-in list.
 */
import Link from 'next/link';
import { AFTER_SALE_STATUS_LABEL, type AfterSaleStatus } from '@/lib/domain/after-sale';
import type { Device } from '@/lib/web/device';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import { listAfterSales } from '@/lib/server/views/my-after-sales';
import { DataTable } from '@/components/ui/data-table';
import { EmptyList, PagedList } from '@/components/ui/paged-list';
import { formatTime } from '@/components/order/format-time';
import { OrderLines } from '@/components/order/order-lines';
import type { AfterSaleSummary } from './types';

type Props = { userId: number; device: Device; basePath: string; status?: AfterSaleStatus; page: number; pageSize: number };

function Refund({ a }: { a: AfterSaleSummary }) {
  return a.type === 'exchange' ? <span className="muted">换货</span> : <span className="price">{formatFen(a.refundFen)}</span>;
}

function AfterSaleCard({ a }: { a: AfterSaleSummary }) {
  return (
    <article className="card order-card" aria-label={`售后 ${a.afterSaleNo}`}>
      <header className="spread small">
        <span className="muted">
          <time dateTime={a.createdAt}>{formatTime(a.createdAt)}</time> · {a.typeLabel}
        </span>
        <strong className="order-status after-sale-status" data-status={a.status}>
          {a.statusLabel}
        </strong>
      </header>
      <OrderLines lines={a.items.map((i) => ({ ...i, priceFen: 0 }))} label="售后商品" hideMoney />
      <footer className="spread">
        <span className="small">
          共 {a.itemCount} 件{a.type === 'exchange' ? '，换货' : '，退款 '}
          {a.type === 'exchange' ? null : <Refund a={a} />}
        </span>
        <Link href={screenHref('afterSaleDetail', 'mobile', { afterSaleNo: a.afterSaleNo })} className="btn btn-ghost" prefetch={false}>
          查看详情
        </Link>
      </footer>
    </article>
  );
}

export async function AfterSaleList({ userId, device, basePath, status, page, pageSize }: Props) {
  const data = await listAfterSales(userId, { status, page, pageSize });
  if (data.total === 0) {
    return (
      <EmptyList
        message={status ? `没有${AFTER_SALE_STATUS_LABEL[status]}的售后申请。` : '暂无售后申请。'}
        hint="在订单详情中，商品旁的「申请售后」可以申请退款、退货或换货。"
        href={screenHref('orders', device)}
        action="去我的订单"
      />
    );
  }
  return (
    <PagedList
      device={device}
      basePath={basePath}
      query={{ status }}
      page={data}
      counted={`共 ${data.total} 个售后申请`}
      cards={data.items.map((a) => ({ key: a.afterSaleNo, card: <AfterSaleCard a={a} /> }))}
      table={
        <DataTable
          caption="售后列表"
          hideCaption
          wrapClass="landing-table"
          head={['售后单号', '申请时间', '商品', '类型', '退款金额', '状态', '操作']}
          rows={data.items.map((a) => ({
            key: a.afterSaleNo,
            cells: [
              <span key="n" className="mono">
                {a.afterSaleNo}
              </span>,
              formatTime(a.createdAt),
              <span key="g" className="small">
                {a.items.map((l) => `${l.productName} ${l.skuName} × ${l.quantity}`).join('；')}
                <span className="muted">（共 {a.itemCount} 件）</span>
              </span>,
              a.typeLabel,
              <Refund key="r" a={a} />,
              <strong key="s" className="after-sale-status" data-status={a.status}>
                {a.statusLabel}
              </strong>,
              <span key="x" className="row">
                <Link href={screenHref('afterSaleDetail', 'desktop', { afterSaleNo: a.afterSaleNo })} prefetch={false}>
                  查看详情
                </Link>
                <Link href={screenHref('orderDetail', 'desktop', { orderNo: a.orderNo })} prefetch={false}>
                  查看订单
                </Link>
              </span>,
            ],
          }))}
        />
      }
    />
  );
}
