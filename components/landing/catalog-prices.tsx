import Link from 'next/link';
import { Price } from '@/components/product/price';
import type { Cell, PriceRef } from '@/content/landing/types';
import type { ProductDetail } from '@/lib/server/modules/catalog';
import { DataTable } from '@/components/ui/data-table';

/** The catalog products a landing page shows, by id (missing = not on sale). */
export type ProductMap = Map<number, ProductDetail>;

function pick(productIds: number[], products: ProductMap): ProductDetail[] {
  return productIds.map((id) => products.get(id)).filter((p): p is ProductDetail => Boolean(p));
}

const NOT_ON_SALE = <p className="empty">商品暂未上架，请稍后再来。</p>;

function FromPrice({ p }: { p: ProductDetail }) {
  return <Price fen={p.priceFen} listFen={p.listPriceFen} from={p.skus.length > 1} />;
}

/** The live price a PriceRef points at: one SKU by name, or the product's cheapest ("起"). */
function LivePrice({ refTo, products }: { refTo: PriceRef; products: ProductMap }) {
  const p = products.get(refTo.productId);
  if (!p) return <span className="muted">暂未上架</span>;
  const name = refTo.sku;
  const sku = name ? p.skus.find((s) => s.name.includes(name)) : undefined;
  return sku ? <Price fen={sku.priceFen} listFen={sku.listPriceFen} /> : <FromPrice p={p} />;
}

export function renderCell(c: Cell, products: ProductMap) {
  return typeof c === 'string' ? c : <LivePrice refTo={c.price} products={products} />;
}

function stockLabel(stock: number) {
  if (stock <= 0) return <span className="tag tag-warn">暂时缺货</span>;
  return stock < 10 ? '库存紧张' : '有货';
}

/** Every SKU of the given products with its live price, stock and a link to the product page. */
export function SkuPrices({ productIds, products }: { productIds: number[]; products: ProductMap }) {
  const list = pick(productIds, products);
  if (list.length === 0) return NOT_ON_SALE;
  return (
    <DataTable
      caption="版本与实时价格（以下单时为准）"
      head={['商品', '版本', '价格', '库存', <span key="buy" className="sr-only">购买</span>]}
      rows={list.flatMap((p) =>
        p.skus.map((s) => ({
          key: String(s.id),
          cells: [
            p.name,
            s.name,
            <Price key="p" fen={s.priceFen} listFen={s.listPriceFen} />,
            stockLabel(s.stock),
            <Link key="l" href={`/proc/${p.id}`} prefetch={false}>
              选购<span className="sr-only">{`${p.name} ${s.name}`}</span>
            </Link>,
          ],
        })),
      )}
    />
  );
}

/** Products side by side: the live price and versions, then the union of their catalog specs. */
export function SpecComparison({ productIds, products, caption }: { productIds: number[]; products: ProductMap; caption: string }) {
  const list = pick(productIds, products);
  if (list.length === 0) return NOT_ON_SALE;
  const names: string[] = [];
  for (const p of list) for (const s of p.specs) if (!names.includes(s.name)) names.push(s.name);
  return (
    <DataTable
      caption={caption}
      head={list.length > 1 ? ['参数', ...list.map((p) => p.name)] : ['参数', '规格']}
      rows={[
        { key: 'price', cells: ['价格', ...list.map((p) => <FromPrice key={p.id} p={p} />)] },
        { key: 'skus', cells: ['可选版本', ...list.map((p) => p.skus.map((s) => s.name).join('、'))] },
        ...names.map((n) => ({ key: n, cells: [n, ...list.map((p) => p.specs.find((s) => s.name === n)?.value ?? '—')] })),
      ]}
    />
  );
}
