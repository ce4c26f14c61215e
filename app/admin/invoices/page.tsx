import { InvoiceActions } from '@/components/admin/invoice-actions';
import { formatTime } from '@/components/order/format-time';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { StatusTabs, type Tab } from '@/components/ui/status-tabs';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { formatFen } from '@/lib/domain/money';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';
import { pageHref, withQuery } from '@/lib/web/query-string';
import { listPendingInvoices } from '@/lib/server/views/console-invoices';
import { OrderLink } from '@/components/admin/order-link';

export const metadata = { title: '发票' };

/** 待开票 is the queue without ?queue=; the other is ?queue=reversal. */
const QUEUES: Tab<'reversal'>[] = [{ label: '待开票' }, { value: 'reversal', label: '待红冲（已退款）' }];

export default async function AdminInvoicesPage({ searchParams }: { searchParams: Promise<PageQuery> }) {
  await requirePageOperator();
  const raw = flatQuery(await searchParams);
  const page = await listPendingInvoices(raw);
  const queue = raw.queue === 'reversal' ? 'reversal' : 'issue';
  return (
    <>
      <h1>发票</h1>
      <StatusTabs
        label="发票队列"
        look="buttons"
        tabs={QUEUES}
        active={queue === 'reversal' ? queue : undefined}
        href={(q) => withQuery('/admin/invoices', { queue: q })}
      />
      <p className="muted small">共 {page.total} 张，最早申请的在前。</p>
      {page.items.length ? (
        <DataTable
          caption={queue === 'issue' ? '待开票的发票' : '待红冲的发票'}
          hideCaption
          wrapClass="admin-table"
          head={['订单号', '申请时间', '发票类型', '抬头', '税号', '金额', '订单状态', '操作']}
          rows={page.items.map((i) => ({
            key: String(i.id),
            cells: [
              <OrderLink key="o" orderNo={i.orderNo} />,
              formatTime(i.createdAt),
              i.invoiceTypeLabel,
              `${i.title}（${i.titleTypeLabel}）`,
              i.taxNo ?? '—',
              formatFen(i.amountFen),
              i.orderStatusLabel,
              <InvoiceActions key="a" id={i.id} queue={queue} />,
            ],
          }))}
        />
      ) : (
        <p className="admin-panel muted">{queue === 'issue' ? '没有待开的发票。' : '没有待红冲的发票。'}</p>
      )}
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} href={(n) => pageHref('/admin/invoices', { queue: queue === 'issue' ? undefined : queue }, n, page.pageSize)} />
    </>
  );
}
