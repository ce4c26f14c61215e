import Link from 'next/link';
import { PageSizeForm } from '@/components/admin/page-size-form';
import { formatTime } from '@/components/order/format-time';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';
import { pageHref } from '@/lib/web/query-string';
import { listAudit } from '@/lib/server/views/audit-log';

export const metadata = { title: '操作日志' };

/** A before/after in words, one line each (lib/server/modules/audit/readable.ts). */
function Change({ lines }: { lines: string[] }) {
  return lines.length ? (
    <ul className="admin-change">
      {lines.map((l, i) => (
        <li key={i}>{l}</li>
      ))}
    </ul>
  ) : (
    <span className="muted">—</span>
  );
}

export default async function AdminAuditPage({ searchParams }: { searchParams: Promise<PageQuery> }) {
  await requirePageOperator();
  const raw = flatQuery(await searchParams);
  const page = await listAudit({ pageSize: raw.pageSize, page: raw.page });
  return (
    <>
      <h1>操作日志</h1>
      <p className="muted small">每一次运营操作：谁、做了什么、何时、改动前后。共 {page.total} 条。</p>
      <PageSizeForm action="/admin/audit" value={page.pageSize} />
      {page.items.length ? (
        <DataTable
          caption="操作日志"
          hideCaption
          wrapClass="admin-table"
          head={['时间', '操作人', '操作', '对象', '改动前', '改动后']}
          rows={page.items.map((r) => ({
            key: String(r.id),
            cells: [
              formatTime(r.at),
              r.actor,
              r.actionLabel,
              r.object.href ? (
                <Link key="o" href={r.object.href}>
                  {r.object.label}
                </Link>
              ) : (
                r.object.label
              ),
              <Change key="b" lines={r.beforeLines} />,
              <Change key="a" lines={r.afterLines} />,
            ],
          }))}
        />
      ) : (
        <p className="admin-panel muted">还没有操作记录。</p>
      )}
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} href={(n) => pageHref('/admin/audit', {}, n, page.pageSize)} />
    </>
  );
}
