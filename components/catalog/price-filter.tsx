/** The price range in yuan, as a plain GET form that keeps the list's other parameters (no JavaScript). */
import Link from 'next/link';
import type { ProductQuery } from '@/lib/validation/catalog';
import { listHref } from './list-href';

export function PriceFilter({ query }: { query: ProductQuery }) {
  const keep = { category: query.category, q: query.q, sort: query.sort };
  return (
    <form className="price-filter" action="/ProductList" method="get" aria-label="价格区间">
      {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <span className="small muted" aria-hidden="true">
        价格
      </span>
      <label className="sr-only" htmlFor="min-price">
        最低价格（元）
      </label>
      <input id="min-price" name="minPrice" inputMode="decimal" placeholder="最低价" defaultValue={query.minPrice} key={`min-${query.minPrice}`} />
      <span aria-hidden="true">—</span>
      <label className="sr-only" htmlFor="max-price">
        最高价格（元）
      </label>
      <input id="max-price" name="maxPrice" inputMode="decimal" placeholder="最高价" defaultValue={query.maxPrice} key={`max-${query.maxPrice}`} />
      <button type="submit" className="btn btn-ghost btn-sm">
        确定
      </button>
      {query.minPrice || query.maxPrice ? (
        <Link href={listHref(query, { minPrice: undefined, maxPrice: undefined })} className="small" prefetch={false}>
          清除价格
        </Link>
      ) : null}
    </form>
  );
}
