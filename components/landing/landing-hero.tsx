import Link from 'next/link';
import { Price } from '@/components/product/price';
import type { LandingContent } from '@/content/landing/types';
import type { ProductDetail } from '@/lib/server/modules/catalog';

/** The page's h1, pitch, live starting price and the two actions: 立即购买 and a second one. */
export function LandingHero({ hero, product }: { hero: LandingContent['hero']; product: ProductDetail | null }) {
  return (
    <section className="hero landing-hero" aria-labelledby="landing-h1">
      <div>
        <p className="landing-eyebrow">{hero.eyebrow}</p>
        <h1 id="landing-h1">{hero.title}</h1>
        <p>{hero.pitch}</p>
        <ul className="landing-points">
          {hero.points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        {product ? (
          <p className="landing-hero-price">
            <span className="sr-only">{product.name}价格：</span>
            <Price fen={product.priceFen} listFen={product.listPriceFen} from={product.skus.length > 1} size="1.5rem" />
          </p>
        ) : null}
        <div className="row">
          <Link className="btn" href={`/proc/${hero.productId}`} prefetch={false}>
            立即购买
          </Link>
          <Link className="btn btn-ghost" href={hero.secondary.href} prefetch={false}>
            {hero.secondary.label}
          </Link>
        </div>
      </div>
      <div className="landing-art">
        <img src={hero.art.src} alt={hero.art.alt} width={hero.art.width} height={hero.art.height} fetchPriority="high" />
      </div>
    </section>
  );
}
