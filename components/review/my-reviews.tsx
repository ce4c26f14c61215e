/**
 * 我的评价 (/Review, /personalCenter/PersonalReview): the shopper's reviews, newest first, one page at a
 * time (links, so it works without JavaScript), rendered on the server like every logged-in list.
 * Each shows the goods and option, the stars, the text as text, photos, 追评, 商家回复, and, to its
 * author only, that the operator hid it and why (docs/reviews.md#hiding).
 */
import Link from 'next/link';
import type { Device } from '@/lib/web/device';
import { pageHref } from '@/lib/web/query-string';
import { screenHref } from '@/lib/domain/screens';
import { listMyReviews, type MyReview } from '@/lib/server/views/my-reviews';
import { formatTime } from '@/components/order/format-time';
import { Pagination } from '@/components/ui/pagination';
import { AppendForm } from './append-form';
import { PhotoLinks } from './photo-links';
import { RatingStars } from './rating-stars';

function ReviewCard({ r }: { r: MyReview }) {
  return (
    <article className="card my-review" aria-label={`评价 ${r.productName}`}>
      <header className="review-goods">
        {r.image ? <img src={r.image} alt="" width={56} height={56} loading="lazy" decoding="async" /> : null}
        <div>
          <Link href={`/proc/${r.productId}`} prefetch={false} className="tap">
            {r.productName}
          </Link>
          <p className="muted small">已购规格：{r.skuName}</p>
        </div>
      </header>
      <p className="spread small">
        <RatingStars rating={r.rating} />
        <span className="muted">
          {r.anonymous ? '匿名 · ' : ''}
          <time dateTime={r.createdAt}>{formatTime(r.createdAt)}</time>
        </span>
      </p>
      {r.hidden ? (
        <p className="review-hidden small" role="note">
          该评价已被商家隐藏{r.hidden.reason ? `：${r.hidden.reason}` : ''}（仅您自己可见）
        </p>
      ) : null}
      <p className="review-content">{r.content}</p>
      <PhotoLinks photos={r.photos} label="晒图" />
      {r.append ? (
        <section className="review-append" aria-label="追评">
          <p className="small">
            <strong>追评</strong> <time className="muted" dateTime={r.append.createdAt}>{formatTime(r.append.createdAt)}</time>
          </p>
          <p className="review-content">{r.append.content}</p>
          <PhotoLinks photos={r.append.photos} label="追评晒图" />
        </section>
      ) : null}
      {r.reply ? (
        <section className="review-reply small" aria-label="商家回复">
          <strong>商家回复：</strong>
          <span className="review-content">{r.reply.content}</span>
        </section>
      ) : null}
      <footer className="spread small">
        <Link href={screenHref('orderDetail', 'mobile', { orderNo: r.orderNo })} prefetch={false} className="muted tap">
          订单 {r.orderNo}
        </Link>
        {r.canAppend ? <AppendForm reviewId={r.id} productName={r.productName} /> : null}
      </footer>
    </article>
  );
}

export async function MyReviews({ userId, device, basePath, page, pageSize }: { userId: number; device: Device; basePath: string; page: number; pageSize: number }) {
  const data = await listMyReviews(userId, { page, pageSize });
  if (data.total === 0)
    return (
      <section className="card empty">
        <p>您还没有发表过评价。确认收货后，可以在订单中评价商品、晒图。</p>
        <Link href={screenHref('orders', device, { status: 'to_review' })} className="btn" prefetch={false}>
          去评价
        </Link>
      </section>
    );
  return (
    <div className="stack my-reviews">
      {data.items.map((r) => (
        <ReviewCard key={r.id} r={r} />
      ))}
      <Pagination page={page} pageSize={pageSize} total={data.total} href={(p) => pageHref(basePath, {}, p, pageSize)} />
    </div>
  );
}
