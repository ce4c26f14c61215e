import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { BuyBox } from '@/components/product/buy-box';
import { BuyBar } from '@/components/product/buy-bar';
import { Gallery } from '@/components/product/gallery';
import { ProductChoice } from '@/components/product/product-choice';
import { ViewRecorder } from '@/components/favorites/view-recorder';
import { RatingLine } from '@/components/product/rating-line';
import { ReviewsSection } from '@/components/product/reviews-section';
import { JsonLd } from '@/components/seo/json-ld';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PRODUCT_NOTES } from '@/content/shop-rules';
import { priceProtectPromise } from '@/lib/domain/price-protect';
import { REVIEWS_IN_JSON_LD } from '@/lib/domain/review-rules';
import { cachedProduct } from '@/lib/server/modules/catalog';
import { cachedProductReviews } from '@/lib/server/views/product-reviews';
import { productJsonLd } from '@/lib/seo/json-ld';
import { productMetadata } from '@/lib/seo/metadata';
import { parseProductIdParam } from '@/lib/validation/catalog';

type Props = { params: Promise<{ id: string }> };

// Rendered on first request, then cached until the product's tag is revalidated (docs/decisions/cached-pages.md).
export async function generateStaticParams() {
  return [];
}

async function load(params: Props['params']) {
  const id = parseProductIdParam((await params).id);
  if (id === null) notFound();
  const product = await cachedProduct(id);
  if (!product) notFound();
  return product;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return productMetadata(await load(params));
}

export default async function ProductPage({ params }: Props) {
  const p = await load(params);
  // The first page of reviews is part of the cached page (the product's tag renews it).
  const reviews = await cachedProductReviews(p.id, 'all', 1);
  return (
    <>
      <Breadcrumbs
        items={[
          { name: '首页', path: '/' },
          { name: p.category.name, path: `/ProductList?category=${p.category.slug}` },
          { name: p.name, path: `/proc/${p.id}` },
        ]}
      />
      {/* The chosen option is client state shared by the gallery, the buy box and the phone's bottom bar. */}
      <ProductChoice skus={p.skus}>
        <div className="product-layout">
          <Gallery images={p.images} name={p.name} />
          <div className="stack">
            <div>
              <h1 style={{ marginBottom: 4 }}>{p.name}</h1>
              <p className="muted">{p.subtitle}</p>
              <RatingLine summary={reviews.summary} />
            </div>
            <BuyBox kind={p.kind} productId={p.id} />
            <ul className="feature-list small">
              {/* 价保 first, as JD lists it among the promises (docs/rules.md#价保); nothing without a window. */}
              {[priceProtectPromise(p.kind, p.priceProtectDays), ...PRODUCT_NOTES[p.kind]].flatMap((n) => (n ? [<li key={n}>{n}</li>] : []))}
            </ul>
            {p.landingPath ? (
              <p className="small">
                想了解更多？<Link href={p.landingPath}>查看{p.category.name}系列介绍</Link>
              </p>
            ) : null}
          </div>
        </div>
        <BuyBar productId={p.id} />
      </ProductChoice>

      <section className="section card" aria-labelledby="desc">
        <h2 id="desc">商品介绍</h2>
        <p>{p.description}</p>
        <h3>产品亮点</h3>
        <ul className="feature-list">
          {p.highlights.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      </section>

      <section className="section card" aria-labelledby="specs">
        <h2 id="specs">规格参数</h2>
        <table className="table">
          <tbody>
            {p.specs.map((s) => (
              <tr key={s.name}>
                <th scope="row" style={{ width: '30%' }}>
                  {s.name}
                </th>
                <td>{s.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {/* 足迹: recorded from the browser after load, so the page stays cached (docs/rules.md#favorites-and-history). */}
      <ViewRecorder productId={p.id} />
      <ReviewsSection productId={p.id} reviews={reviews} />

      <JsonLd
        data={productJsonLd({
          id: p.id,
          name: p.name,
          description: p.description,
          category: p.category.name,
          images: p.images,
          skus: p.skus,
          reviews: { summary: reviews.summary, latest: reviews.items.slice(0, REVIEWS_IN_JSON_LD) },
        })}
      />
    </>
  );
}
