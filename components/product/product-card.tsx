import Link from 'next/link';
import { cardCounts } from '@/lib/domain/card-counts';
import type { ProductSummary } from '@/lib/server/views/product-cards';
import { MarkedText } from './marked-text';
import { Price } from './price';

/** How the card's picture loads: `lazy` below the first screen, `eager` in a list's first row, `first` the page's likely largest image. */
type ImageLoad = 'lazy' | 'eager' | 'first';

/**
 * A product in a list: picture, name, subtitle, price (and 缺货 / 订阅服务), then 已售 and the reviews
 * (cardCounts). The body is a div: a heading is flow content, which a span cannot hold. `highlight`: a
 * search's matched words, marked in the name and subtitle.
 */
export function ProductCard({ product, headingLevel = 3, image = 'lazy', highlight }: { product: ProductSummary; headingLevel?: 2 | 3; image?: ImageLoad; highlight?: readonly string[] }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const counts = cardCounts(product);
  return (
    <Link href={`/proc/${product.id}`} className="product-card" prefetch={false}>
      {product.image ? (
        <img
          className="thumb"
          src={product.image.src}
          alt={product.image.alt}
          width={400}
          height={400}
          loading={image === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={image === 'first' ? 'high' : undefined}
          decoding="async"
        />
      ) : null}
      <div className="body">
        <H className="name" style={{ fontSize: '1rem', margin: 0 }}>
          <MarkedText text={product.name} words={highlight} />
        </H>
        <span className="sub">
          <MarkedText text={product.subtitle} words={highlight} />
        </span>
        <span className="spread">
          <Price fen={product.priceFen} from />
          {product.inStock ? null : <span className="tag tag-warn">暂时缺货</span>}
          {product.kind === 'service' ? <span className="tag">订阅服务</span> : null}
        </span>
        {counts.length > 0 ? (
          <span className="card-counts">
            {counts.map((c) => (
              <span key={c}>{c}</span>
            ))}
          </span>
        ) : null}
      </div>
    </Link>
  );
}
