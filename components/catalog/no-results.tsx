/**
 * A search that found nothing: other words to try (the categories, and 热门搜索 from the products'
 * names: listSearchSuggestions, one source) and the best sellers.
 */
import Link from 'next/link';
import { ProductGrid } from '@/components/product/product-grid';
import { withQuery } from '@/lib/web/query-string';
import { cachedBestSellers, cachedSearchSuggestions } from '@/lib/server/views/product-cards-cached';

export async function NoResults({ q, filtered }: { q?: string; filtered: boolean }) {
  const [suggestions, best] = await Promise.all([cachedSearchSuggestions(), cachedBestSellers()]);
  return (
    <section className="no-results" aria-labelledby="no-results-title">
      <div className="card">
        <h2 id="no-results-title">{q ? `没有找到与“${q}”相关的商品` : '没有符合条件的商品'}</h2>
        <p className="muted">{filtered ? '可以放宽价格区间或换个分类，也可以试试下面的词。' : '换个词试试，或者看看下面的分类。'}</p>
        <div className="suggest-row">
          <span className="small muted">热门搜索</span>
          <ul className="suggest-list">
            {suggestions.terms.map((t) => (
              <li key={t}>
                <Link href={withQuery('/ProductList', { q: t })} className="chip" prefetch={false}>
                  {t}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="suggest-row">
          <span className="small muted">商品分类</span>
          <ul className="suggest-list">
            {suggestions.categories.map((c) => (
              <li key={c.slug}>
                <Link href={withQuery('/ProductList', { category: c.slug })} className="chip" prefetch={false}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <section className="section" aria-labelledby="best-sellers">
        <h2 id="best-sellers">热销商品</h2>
        <ProductGrid products={best} />
      </section>
    </section>
  );
}
