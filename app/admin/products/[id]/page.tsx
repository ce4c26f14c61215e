import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ProductForm } from '@/components/admin/product-form';
import { SkuForm } from '@/components/admin/sku-form';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { orNullIfNotFound } from '@/lib/server/errors';
import { getAdminProduct } from '@/lib/server/modules/catalog';
import { parseProductIdParam } from '@/lib/validation/catalog';

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: '编辑商品' };

async function load(raw: string) {
  const id = parseProductIdParam(raw);
  if (id === null) notFound();
  return (await orNullIfNotFound(getAdminProduct(id))) ?? notFound();
}

export default async function AdminProductPage({ params }: Props) {
  await requirePageOperator();
  const p = await load((await params).id);
  return (
    <>
      <p className="small">
        <Link href="/admin/products">← 返回商品列表</Link>
      </p>
      <h1>
        编辑商品 <span className="muted small">#{p.id}</span>{' '}
        {p.onSale ? (
          <Link className="small" href={`/proc/${p.id}`} target="_blank">
            在商城查看
          </Link>
        ) : null}
      </h1>
      <div className="admin-grid">
        <section className="admin-panel" aria-labelledby="p-info">
          <h2 id="p-info">商品信息</h2>
          {/* Keyed by the product, not its version: the form stays mounted through the refresh after a save, so its 已保存 stays in view and the next save sends the new version. */}
          <ProductForm key={p.id} product={p} />
        </section>
        <section className="admin-panel stack" aria-labelledby="p-skus">
          <h2 id="p-skus">规格、价格与库存</h2>
          {p.skus.map((s) => (
            <SkuForm key={`${s.id}-${s.version}`} sku={s} />
          ))}
        </section>
      </div>
    </>
  );
}
