import Link from 'next/link';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { StatusTabs, type Tab } from '@/components/ui/status-tabs';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { LOW_STOCK_THRESHOLD } from '@/lib/domain/catalog-rules';
import { formatFen } from '@/lib/domain/money';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';
import { pageHref, withQuery } from '@/lib/web/query-string';
import { listAdminProducts } from '@/lib/server/modules/catalog';

export const metadata = { title: '商品' };

/** Every product without ?stock=; ?stock=low lists the 库存不足 SKUs the 概览 counts. */
const VIEWS: Tab<'low'>[] = [{ label: '全部商品' }, { value: 'low', label: `库存不足（≤ ${LOW_STOCK_THRESHOLD} 件）` }];

export default async function AdminProductsPage({ searchParams }: { searchParams: Promise<PageQuery> }) {
  await requirePageOperator();
  const raw = flatQuery(await searchParams);
  const stock = raw.stock === 'low' ? 'low' : undefined;
  const page = await listAdminProducts({ ...raw, stock });
  return (
    <>
      <h1>商品</h1>
      <StatusTabs label="商品筛选" look="buttons" tabs={VIEWS} active={stock} href={(v) => withQuery('/admin/products', { stock: v })} />
      <p className="muted small">
        {stock
          ? page.total
            ? `${page.total} 个商品有库存不足的规格（在售、库存 ≤ ${LOW_STOCK_THRESHOLD} 件），下面只列出这些规格。`
            : '所有在售规格库存充足。'
          : `共 ${page.total} 个商品。`}
        修改保存后，商城的商品页和列表在下一次访问时即显示新内容。
      </p>
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
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} href={(n) => pageHref('/admin/products', { stock }, n, page.pageSize)} />
    </>
  );
}
