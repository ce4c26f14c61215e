import { DAY_MS, shopDay } from '@/lib/domain/shop-time';
import type { ReviewView } from '@/lib/domain/review';
import { ReviewPhotos } from './review-photos';
import { RatingStars } from '@/components/review/rating-stars';

function appendedAfter(r: ReviewView & { append: NonNullable<ReviewView['append']> }): string {
  const days = Math.floor((Date.parse(r.append.createdAt) - Date.parse(r.createdAt)) / DAY_MS);
  return days < 1 ? '用户当天追评' : `用户 ${days} 天后追评`;
}

/** One review: who (masked), the stars, the day, the option bought, the text as text, photos, 追评 and 商家回复. */
export function ReviewItem({ r }: { r: ReviewView }) {
  return (
    <li className="review">
      <div className="review-head">
        <span className="review-author">{r.author}</span>
        <RatingStars rating={r.rating} />
        <time className="muted small" dateTime={r.createdAt}>
          {shopDay(new Date(r.createdAt))}
        </time>
      </div>
      <p className="muted small review-sku">已购：{r.skuName}</p>
      <p className="review-text">{r.content}</p>
      <ReviewPhotos photos={r.photos} label={`${r.author}的评价`} />
      {r.append ? (
        <div className="review-append">
          <p className="small review-append-label">{appendedAfter({ ...r, append: r.append })}</p>
          <p className="review-text">{r.append.content}</p>
          <ReviewPhotos photos={r.append.photos} label={`${r.author}的追评`} />
        </div>
      ) : null}
      {r.reply ? (
        <div className="review-reply">
          <span className="review-reply-label">商家回复：</span>
          <span className="review-text">{r.reply.content}</span>
        </div>
      ) : null}
    </li>
  );
}
