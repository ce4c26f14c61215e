'use client';
import { useRef, useState } from 'react';
import { request } from '@/lib/api/client';
import { REVIEW_FILTER_LABEL, REVIEW_FILTERS, type ReviewFilter } from '@/lib/domain/review';
import type { ProductReviews } from '@/lib/server/views/product-reviews';
import { ReviewItem } from './review-item';

/**
 * The filter chips, the reviews and the pager. The first page of 全部 comes with the cached page;
 * another filter or page is asked of the API, so the product page itself never varies.
 */
export function ReviewList({ productId, initial }: { productId: number; initial: ProductReviews }) {
  const [data, setData] = useState(initial);
  const [busy, setBusy] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));

  async function load(filter: ReviewFilter, page: number) {
    setBusy(true);
    try {
      setData(await request<ProductReviews>(`/products/${productId}/reviews?filter=${filter}&page=${page}`));
      if (page !== data.page) top.current?.scrollIntoView({ block: 'start' });
    } catch {
      // The API client has shown the message; the list stays as it was.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={top} className="review-list" aria-busy={busy}>
      <div className="chips" role="group" aria-label="筛选评价">
        {REVIEW_FILTERS.map((f) => (
          <button key={f} type="button" className="chip" aria-pressed={f === data.filter} disabled={busy} onClick={() => load(f, 1)}>
            {REVIEW_FILTER_LABEL[f]} {data.summary.counts[f]}
          </button>
        ))}
      </div>
      {data.items.length ? (
        <ul className="reviews">
          {data.items.map((r) => (
            <ReviewItem key={r.id} r={r} />
          ))}
        </ul>
      ) : (
        <p className="muted review-empty">暂无{REVIEW_FILTER_LABEL[data.filter]}评价</p>
      )}
      {pages > 1 ? (
        <nav className="pagination" aria-label="评价分页">
          <button type="button" disabled={busy || data.page <= 1} onClick={() => load(data.filter, data.page - 1)}>
            上一页
          </button>
          <span aria-current="page">
            {data.page} / {pages}
          </span>
          <button type="button" disabled={busy || data.page >= pages} onClick={() => load(data.filter, data.page + 1)}>
            下一页
          </button>
        </nav>
      ) : null}
    </div>
  );
}
