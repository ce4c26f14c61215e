import Link from 'next/link';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { formatFen } from '@/lib/money';
import { flatQuery, type PageQuery } from '@/lib/page-query';
import { pageHref } from '@/lib/query-string';
import { listAdminProducts } from '@/lib/server/services/admin/catalog';

export const metadata = { title: '商品' };

export default async function AdminProductsPage({ searchParams }: { searchParams: Promise<PageQuery> }) {
  await requirePageOperator();
  const page = await listAdminProducts(flatQuery(await searchParams));
  return (
    <>
      <h1>商品</h1>
      <p className="muted small">共 {page.total} 个商品。修改保存后，商城的商品页和列表在下一次访问时即显示新内容。</p>
      <DataTable
        caption="商品列表"
        hideCaption
        wrapClass="admin-table"
        head={['商品', '类型', '分类', '规格 · 售价 · 库存', '状态', '操作']}
        rows={page.items.map((p) => ({
          key: String(p.id),
          cells: [
            <span key="n">
              {p.name}
              <span className="muted small"> #{p.id}</span>
            </span>,
            p.kind === 'service' ? '服务' : '设备',
            p.category,
            <ul key="s" className="small">
              {p.skus.map((s) => (
                <li key={s.id}>
                  {s.name} · {formatFen(s.priceFen)} · 库存 {s.stock}
                </li>
              ))}
            </ul>,
            p.onSale ? <span key="o" className="tag">在售</span> : <span key="o" className="tag tag-warn">已下架</span>,
            <Link key="e" href={`/admin/products/${p.id}`}>
              编辑
            </Link>,
          ],
        }))}
      />
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} href={(n) => pageHref('/admin/products', {}, n, page.pageSize)} />
    </>
  );
}
