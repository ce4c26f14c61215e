import Link from 'next/link';
import { formatTime } from '@/components/order/format-time';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { StatusTabs } from '@/components/ui/status-tabs';
import { PageSizeSelect } from '@/components/admin/page-size-select';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { AFTER_SALE_STATUS_LABEL, AFTER_SALE_STATUSES, AFTER_SALE_TYPE_LABEL, AFTER_SALE_TYPES, type AfterSaleStatus } from '@/lib/domain/after-sale';
import { AFTER_SALE_SEARCH_MAX } from '@/lib/domain/after-sale-rules';
import { formatFen } from '@/lib/domain/money';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';
import { pageHref, withQuery } from '@/lib/web/query-string';
import { listAdminAfterSales } from '@/lib/server/views/console-after-sales';
import { adminAfterSaleQuerySchema } from '@/lib/validation/after-sale';
import { FilterSelect } from '@/components/admin/filter-select';
import { OrderLink } from '@/components/admin/order-link';

export const metadata = { title: '售后' };

/** The states an operator acts on are marked: 待审核 (同意 / 拒绝) and 退货中 (收货). */
const WAITING: readonly AfterSaleStatus[] = ['pending_review', 'returning'];

export default async function AdminAfterSalesPage({ searchParams }: { searchParams: Promise<PageQuery> }) {
  await requirePageOperator();
  const raw = flatQuery(await searchParams);
  const { status, type, q } = adminAfterSaleQuerySchema.parse(raw);
  const page = await listAdminAfterSales(raw);
  const filters = { status, type, q: q || undefined };
  const total = AFTER_SALE_STATUSES.reduce((n, s) => n + page.counts[s], 0);
  return (
    <>
      <h1>售后</h1>
      <StatusTabs
        label="售后状态"
        look="buttons"
        tabs={[{ label: `全部（${total}）` }, ...AFTER_SALE_STATUSES.map((s) => ({ value: s, label: `${AFTER_SALE_STATUS_LABEL[s]}（${page.counts[s]}）` }))]}
        active={status}
        href={(s) => withQuery('/admin/aftersales', { ...filters, status: s })}
      />
      <form className="admin-filters" method="get" action="/admin/aftersales" role="search" aria-label="筛选售后">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <FilterSelect id="f-type" name="type" label="售后类型" value={type} options={AFTER_SALE_TYPES.map((t) => [t, AFTER_SALE_TYPE_LABEL[t]] as const)} />
        <div className="field">
          <label htmlFor="f-q">售后单号 / 订单号 / 手机号</label>
          <input id="f-q" name="q" maxLength={AFTER_SALE_SEARCH_MAX} defaultValue={q ?? ''} />
        </div>
        <PageSizeSelect value={page.pageSize} />
        <button type="submit" className="btn btn-sm">
          查询
        </button>
        <Link href="/admin/aftersales" className="small">
          清空筛选
        </Link>
      </form>
      <p className="muted small">共 {page.total} 个售后申请，最新的在前。</p>
      {page.items.length ? (
        <DataTable
          caption="售后申请"
          hideCaption
          wrapClass="admin-table"
          head={['售后单号', '申请时间', '类型', '状态', '商品', '退款金额', '订单号', '买家手机号', '操作']}
          rows={page.items.map((a) => ({
            key: a.afterSaleNo,
            cells: [
              a.afterSaleNo,
              formatTime(a.createdAt),
              a.typeLabel,
              <span key="s" className={WAITING.includes(a.status) ? 'tag tag-warn' : 'tag'}>
                {a.statusLabel}
              </span>,
              a.items.map((i) => `${i.productName} ${i.skuName} ×${i.quantity}`).join('；'),
              a.type === 'exchange' ? '换货' : formatFen(a.refundFen),
              <OrderLink key="o" orderNo={a.orderNo} />,
              a.buyerPhone,
              <Link key="d" href={`/admin/aftersales/${a.afterSaleNo}`}>
                {a.status === 'pending_review' ? '审核' : a.status === 'returning' ? '收货' : a.status === 'received' && a.type === 'exchange' ? '换新发出' : '详情'}
              </Link>,
            ],
          }))}
        />
      ) : (
        <p className="admin-panel muted">没有符合条件的售后申请。</p>
      )}
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} href={(n) => pageHref('/admin/aftersales', filters, n, page.pageSize)} />
    </>
  );
}
