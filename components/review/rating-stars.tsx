/** A review's stars, read only: lit and unlit, read out as "4 星（好）" (the stars alone say nothing to a screen reader). */
import { RATING_LABEL } from '@/lib/domain/review';

export function RatingStars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} 星（${RATING_LABEL[rating]}）`}>
      <span aria-hidden="true">{'★'.repeat(rating)}</span>
      <span className="stars-off" aria-hidden="true">
        {'★'.repeat(Math.max(0, 5 - rating))}
      </span>
    </span>
  );
}
