import type { ProductSummary } from '@/lib/server/views/product-cards';
import { ProductCard } from './product-card';

/**
 * `firstRow`: the grid is the page's first content (a list page), so its first row's pictures are
 * loaded at once, the first with high priority: the largest thing on the first screen is one of them,
 * and a lazy picture there waits for layout before it is even asked for. `headingLevel`: the cards'
 * heading, one below the heading the grid sits under (2 right under a page's h1). `highlight`: a
 * search's matched words, marked on the cards.
 */
export function ProductGrid({
  products,
  columns = 4,
  firstRow = false,
  headingLevel = 3,
  highlight,
}: {
  products: ProductSummary[];
  highlight?: readonly string[];
  columns?: 2 | 3 | 4;
  firstRow?: boolean;
  headingLevel?: 2 | 3;
}) {
  if (products.length === 0) return <p className="empty">暂时没有符合条件的商品。</p>;
  return (
    <ul className={`grid grid-${columns}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} headingLevel={headingLevel} highlight={highlight} image={firstRow && i < columns ? (i === 0 ? 'first' : 'eager') : 'lazy'} />
        </li>
      ))}
    </ul>
  );
}
