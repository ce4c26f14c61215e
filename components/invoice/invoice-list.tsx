/**
 * /Invoice (mobile: cards) and /InvoicePC (desktop: a table with 每页 N 条): the shopper's invoice
 * requests, newest first, with 全部 / 待开票 / 已开票 / 已驳回 tabs and link pagination.
 */
import Link from 'next/link';
import type { Device } from '@/lib/web/device';
import { INVOICE_STATUS_LABEL, type InvoiceStatus } from '@/lib/domain/invoice-status';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import { listInvoices } from '@/lib/server/views/invoices';
import { DataTable } from '@/components/ui/data-table';
import { formatTime } from '@/components/order/format-time';
import { EmptyList, PagedList } from '@/components/ui/paged-list';
import type { InvoiceSummary } from './types';

type Props = { userId: number; device: Device; basePath: string; status?: InvoiceStatus; page: number; pageSize: number; ordersPath: string };

function StatusText({ inv }: { inv: InvoiceSummary }) {
  return (
    <strong className="invoice-status" data-status={inv.status}>
      {inv.statusLabel}
      {inv.reversalLabel ? <span className="muted small">（{inv.reversalLabel}）</span> : null}
    </strong>
  );
}

function InvoiceCard({ inv }: { inv: InvoiceSummary }) {
  return (
    <article className="card order-card invoice-card" aria-label={`发票 ${inv.title}`}>
      <header className="spread small">
        <span className="muted">
          <time dateTime={inv.createdAt}>{formatTime(inv.createdAt)}</time> · 订单 {inv.orderNo}
        </span>
        <StatusText inv={inv} />
      </header>
      <p className="invoice-card-title">{inv.title}</p>
      <footer className="spread">
        <span className="small">
          {inv.invoiceTypeLabel} · <span className="price">{formatFen(inv.amountFen)}</span>
        </span>
        <Link href={screenHref('invoiceDetail', 'mobile', { id: inv.id })} className="btn btn-ghost" prefetch={false}>
          查看详情
        </Link>
      </footer>
    </article>
  );
}

export async function InvoiceList({ userId, device, basePath, status, page, pageSize, ordersPath }: Props) {
  const data = await listInvoices(userId, { status, page, pageSize });
  if (data.total === 0) {
    return (
      <EmptyList
        message={status ? `没有${INVOICE_STATUS_LABEL[status]}的发票。` : '暂无发票申请。'}
        hint="在已付款订单的详情中点击「申请开票」。"
        href={ordersPath}
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
      counted={`共 ${data.total} 张发票`}
      cards={data.items.map((inv) => ({ key: String(inv.id), card: <InvoiceCard inv={inv} /> }))}
      tableClass="order-table invoice-table"
      table={
        <DataTable
          caption="发票列表"
          hideCaption
          head={['发票抬头', '发票类型', '订单编号', '开票金额', '申请时间', '状态', '操作']}
          rows={data.items.map((inv) => ({
            key: String(inv.id),
            cells: [
              inv.title,
              inv.invoiceTypeLabel,
              <Link key="o" href={screenHref('orderDetail', 'desktop', { orderNo: inv.orderNo })} prefetch={false}>
                {inv.orderNo}
              </Link>,
              <span key="a" className="price">
                {formatFen(inv.amountFen)}
              </span>,
              formatTime(inv.createdAt),
              <StatusText key="s" inv={inv} />,
              <span key="x" className="row">
                <Link href={screenHref('invoiceDetail', 'desktop', { id: inv.id })} prefetch={false}>
                  查看详情
                </Link>
              </span>,
            ],
          }))}
        />
      }
    />
  );
}
