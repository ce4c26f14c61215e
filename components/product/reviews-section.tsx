import type { ProductReviews } from '@/lib/server/views/product-reviews';
import { ReviewList } from './review-list';

/** 商品评价 on the product page: the summary, then the list (or a kind word before the first review). */
export function ReviewsSection({ productId, reviews }: { productId: number; reviews: ProductReviews }) {
  const { summary } = reviews;
  return (
    <section className="section card" id="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">
        商品评价{summary.count ? <span className="muted small"> （{summary.count}）</span> : null}
      </h2>
      {summary.count ? (
        <>
          <dl className="review-summary">
            <div>
              <dt>综合评分</dt>
              <dd>
                <strong>{summary.average.toFixed(1)}</strong> / 5
              </dd>
            </div>
            <div>
              <dt>好评率</dt>
              <dd>
                <strong>{summary.goodPercent}%</strong>
              </dd>
            </div>
            <div>
              <dt>评价数</dt>
              <dd>
                <strong>{summary.count}</strong> 条
              </dd>
            </div>
          </dl>
          <ReviewList productId={productId} initial={reviews} />
        </>
      ) : (
        <p className="muted review-empty">暂无评价，购买后可以来写第一条评价</p>
      )}
    </section>
  );
}
