import type { ProductSummary } from '@/lib/server/services/catalog';
import { ProductCard } from './product-card';

export function ProductGrid({ products, columns = 4 }: { products: ProductSummary[]; columns?: 2 | 3 | 4 }) {
  if (products.length === 0) return <p className="empty">暂时没有符合条件的商品。</p>;
  return (
    <ul className={`grid grid-${columns}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {products.map((p) => (
        <li key={p.id}>
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}
