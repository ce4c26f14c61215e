import { PageSizeForm } from '@/components/admin/page-size-form';
import { formatTime } from '@/components/order/format-time';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';
import { pageHref } from '@/lib/web/query-string';
import { listLeadsPage } from '@/lib/server/modules/leads';

export const metadata = { title: '线索' };

export default async function AdminLeadsPage({ searchParams }: { searchParams: Promise<PageQuery> }) {
  await requirePageOperator();
  const page = await listLeadsPage(flatQuery(await searchParams));
  return (
    <>
      <h1>线索</h1>
      <p className="muted small">来自“私有化部署”页（/deployment）的咨询，共 {page.total} 条。</p>
      <PageSizeForm action="/admin/leads" value={page.pageSize} />
      {page.items.length ? (
        <DataTable
          caption="部署咨询线索"
          hideCaption
          wrapClass="admin-table"
          head={['提交时间', '姓名', '单位', '电话', '邮箱', '意向产品', '人数', '需求描述']}
          rows={page.items.map((l) => ({
            key: String(l.id),
            cells: [formatTime(l.createdAt), l.name, l.company, l.phone, l.email ?? '—', l.product, l.seats ?? '—', l.message || '—'],
          }))}
        />
      ) : (
        <p className="admin-panel muted">还没有线索。</p>
      )}
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} href={(n) => pageHref('/admin/leads', {}, n, page.pageSize)} />
    </>
  );
}
