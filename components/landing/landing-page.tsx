import { ProductGrid } from '@/components/product/product-grid';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import type { LandingBlock, LandingContent } from '@/content/landing/types';
import type { ProductDetail } from '@/lib/server/modules/catalog';
import { cachedProduct } from '@/lib/server/modules/catalog';
import { cachedProductsByIds } from '@/lib/server/views/product-cards-cached';
import { renderCell, SkuPrices, SpecComparison, type ProductMap } from './catalog-prices';
import { DataTable } from '@/components/ui/data-table';
import { FaqList } from './faq-list';
import { FeatureGrid } from './feature-grid';
import { HowItWorks } from './how-it-works';
import { LandingHero } from './landing-hero';
import { LandingSection } from './landing-section';
import { RelatedLinks } from './related-links';

/** Every product id a page shows a price, spec or card of. */
function productIdsOf(content: LandingContent): number[] {
  const ids = new Set<number>([content.hero.productId]);
  for (const b of content.blocks) {
    if (b.kind === 'specs' || b.kind === 'prices' || b.kind === 'products') b.productIds.forEach((id) => ids.add(id));
    if (b.kind === 'table') for (const row of b.rows) for (const c of row) if (typeof c !== 'string') ids.add(c.price.productId);
  }
  return [...ids];
}

async function loadProducts(ids: number[]): Promise<ProductMap> {
  const details = await Promise.all(ids.map((id) => cachedProduct(id)));
  return new Map(details.filter((p): p is ProductDetail => Boolean(p)).map((p) => [p.id, p]));
}

async function ProductCards({ ids }: { ids: number[] }) {
  return <ProductGrid products={await cachedProductsByIds(ids)} columns={ids.length === 3 ? 3 : 4} />;
}

function Block({ block, products }: { block: LandingBlock; products: ProductMap }) {
  switch (block.kind) {
    case 'steps':
      return (
        <>
          <HowItWorks steps={block.steps} />
          {block.note ? <p className="notice landing-note">{block.note}</p> : null}
        </>
      );
    case 'features':
      return <FeatureGrid items={block.items} columns={block.columns} />;
    case 'table':
      return (
        <>
          <DataTable
            caption={block.caption}
            head={block.head}
            rows={block.rows.map((r, i) => ({ key: String(i), cells: r.map((c) => renderCell(c, products)) }))}
          />
          {block.note ? <p className="muted small landing-note">{block.note}</p> : null}
        </>
      );
    case 'specs':
      return <SpecComparison productIds={block.productIds} products={products} caption="参数与实时价格（以下单时为准）" />;
    case 'prices':
      return <SkuPrices productIds={block.productIds} products={products} />;
    case 'products':
      return <ProductCards ids={block.productIds} />;
    case 'faq':
      return <FaqList items={block.items} />;
    case 'links':
      return <RelatedLinks links={block.links} />;
  }
}

/**
 * A product-line page: breadcrumbs, hero, then the content's blocks in order, all prices live.
 * `path` is the route shown (an indexcopy twin passes its own path for its breadcrumb trail).
 */
export async function LandingPage({ content, path = content.path }: { content: LandingContent; path?: string }) {
  const products = await loadProducts(productIdsOf(content));
  return (
    <div className="landing">
      <Breadcrumbs path={path} />
      <LandingHero hero={content.hero} product={products.get(content.hero.productId) ?? null} />
      {content.blocks.map((b) => (
        <LandingSection key={b.id} id={b.id} title={b.title} intro={b.intro}>
          <Block block={b} products={products} />
        </LandingSection>
      ))}
    </div>
  );
}
