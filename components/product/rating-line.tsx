import type { ReviewSummary } from '@/lib/domain/review';

/** ★ 4.8 · 23 条评价 · 好评率 96% under the title, linking to the reviews; nothing before the first review. */
export function RatingLine({ summary }: { summary: ReviewSummary }) {
  if (summary.count < 1) return null;
  return (
    <a className="rating-line small" href="#reviews">
      <span className="stars">★</span> {summary.average.toFixed(1)} · {summary.count} 条评价 · 好评率 {summary.goodPercent}%
    </a>
  );
}
