import { OrderLink } from '@/components/admin/order-link';
import { formatTime } from '@/components/order/format-time';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { StatusTabs, type Tab } from '@/components/ui/status-tabs';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { formatFen } from '@/lib/domain/money';
import { PRICE_PROTECT_STATUS_LABEL, PRICE_PROTECT_STATUSES, type PriceProtectStatus } from '@/lib/domain/price-protect';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';
import { pageHref, withQuery } from '@/lib/web/query-string';
import { adminClaims } from '@/lib/server/views/price-protect';
import { adminPriceProtectQuerySchema } from '@/lib/validation/price-protect';

export const metadata = { title: '价保' };

const TABS: Tab<PriceProtectStatus>[] = [{ label: '全部' }, ...PRICE_PROTECT_STATUSES.map((s) => ({ value: s, label: PRICE_PROTECT_STATUS_LABEL[s] }))];

/**
 * 价保 (docs/rules.md#价保): every shopper's claims, newest first, by state and by the Beijing days they
 * were made in, each with its order. The console only reads them: a claim is the shopper's and its
 * refund the provider's; a refund that failed is claimed again by the shopper.
 */
export default async function AdminPriceProtectPage({ searchParams }: { searchParams: Promise<PageQuery> }) {
  await requirePageOperator();
  const raw = flatQuery(await searchParams);
  const parsed = adminPriceProtectQuerySchema.safeParse(raw);
  const q = parsed.success ? parsed.data : adminPriceProtectQuerySchema.parse({ pageSize: raw.pageSize });
  const page = await adminClaims(q);
  const filters = { status: q.status, from: q.from, to: q.to };
  return (
    <>
      <h1>价保</h1>
      <StatusTabs label="价保状态" look="buttons" tabs={TABS} active={q.status} href={(s) => withQuery('/admin/price-protect', { ...filters, status: s })} />
      <form className="admin-toolbar" action="/admin/price-protect" method="get" aria-label="按申请日期筛选">
        {q.status ? <input type="hidden" name="status" value={q.status} /> : null}
        <label>
          开始日期 <input type="date" name="from" defaultValue={q.from ?? ''} />
        </label>
        <label>
          结束日期 <input type="date" name="to" defaultValue={q.to ?? ''} />
        </label>
        <button type="submit" className="btn btn-sm">
          筛选
        </button>
      </form>
      {parsed.success ? null : (
        <p className="admin-notice" role="alert">
          {parsed.error.issues[0]?.message ?? '筛选条件不正确'}，已显示全部价保申请。
        </p>
      )}
      <p className="muted small">共 {page.total} 笔，最新的在前。</p>
      {page.items.length ? (
        <DataTable
          caption="价保申请"
          hideCaption
          wrapClass="admin-table"
          head={['申请时间', '订单号', '下单手机号', '商品', '实付单价', '最低价', '数量', '退款金额', '状态', '方式']}
          rows={page.items.map((c) => ({
            key: String(c.id),
            cells: [
              formatTime(c.createdAt),
              <OrderLink key="o" orderNo={c.orderNo} />,
              c.phone,
              `${c.productName} ${c.skuName}`,
              formatFen(c.paidUnitFen),
              formatFen(c.lowPriceFen),
              String(c.quantity),
              formatFen(c.amountFen),
              c.statusLabel,
              c.source === 'all' ? '一键价保' : '单件申请',
            ],
          }))}
        />
      ) : (
        <p className="admin-panel muted">没有符合条件的价保申请。</p>
      )}
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} href={(n) => pageHref('/admin/price-protect', filters, n, page.pageSize)} />
    </>
  );
}
