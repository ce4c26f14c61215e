'use client';
/**
 * 评价晒单 (/ReviewApply, /ReviewApplyPC; ?orderNo=): a form for each line of the order still to
 * review (docs/reviews.md): stars, the text with its count, photos, 匿名评价; the option bought is
 * shown. Lines already reviewed say so and lead to 我的评价 (where 追评 is); once every line is
 * reviewed the screen says 评价成功 with the way back to the order and to 我的评价.
 */
import Link from 'next/link';
import { useState } from 'react';
import useSWR from 'swr';
import { REVIEW_APPEND_DAYS, REVIEW_PHOTOS_MAX, REVIEW_WINDOW_DAYS } from '@/lib/domain/review-rules';
import { reviewApi, swrFetcher, type Upload } from '@/lib/api/client';
import type { Device } from '@/lib/web/device';
import { screenHref } from '@/lib/domain/screens';
import { PhotoPicker } from '@/components/after-sale/photo-picker';
import { OrderState } from '@/components/order/order-state';
import type { Order } from '@/components/order/types';
import { useSubmit } from '@/components/ui/use-form-state';
import { ReviewText } from './review-text';
import { StarInput } from './stars';

type Line = Order['lines'][number];

function LineForm({ orderNo, line, onDone }: { orderNo: string; line: Line; onDone: () => void }) {
  const [rating, setRating] = useState(5);
  const [content, setContent] = useState('');
  const [photos, setPhotos] = useState<Upload[]>([]);
  const [anonymous, setAnonymous] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { busy, submit } = useSubmit();

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!content.trim()) {
      setError('请填写评价内容');
      return;
    }
    setError(null);
    const body = { orderNo, orderItemId: line.id, rating, content, imageIds: photos.map((p) => p.id), anonymous };
    if (await submit(() => reviewApi.create(body))) onDone();
  };

  return (
    <form className="review-form stack" onSubmit={send} aria-label={`评价 ${line.productName}`}>
      <StarInput value={rating} onChange={setRating} name={`rating-${line.id}`} />
      <ReviewText label="评价内容" value={content} onChange={(v) => (setContent(v), setError(null))} placeholder="说说商品的做工、使用感受和物流服务，帮助其他买家选择" />
      {error ? <p className="field-error">{error}</p> : null}
      <PhotoPicker photos={photos} onChange={setPhotos} max={REVIEW_PHOTOS_MAX} noun="晒图" title="晒图" onUploading={setUploading} />
      <div className="spread">
        <label className="check-row">
          <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} /> 匿名评价
          <span className="muted small">（昵称显示为 1****8 的样式）</span>
        </label>
        <button type="submit" className="btn" disabled={busy || uploading}>
          {busy ? '提交中…' : '发表评价'}
        </button>
      </div>
    </form>
  );
}

export function ReviewForm({ orderNo, device }: { orderNo: string | null; device: Device }) {
  const key = orderNo ? `/orders/${encodeURIComponent(orderNo)}` : null;
  const { data: order, error, mutate } = useSWR<Order>(key, swrFetcher<Order>, { shouldRetryOnError: false, revalidateOnFocus: false });
  const [done, setDone] = useState<number[]>([]);
  const mine = screenHref('reviews', device);

  const list = screenHref('orders', device, { status: 'to_review' });
  if (!orderNo) return <OrderState kind="missing" back={list} />;
  if (error) return <OrderState kind="error" back={list} />;
  if (!order) return <OrderState kind="loading" back={list} />;

  const back = screenHref('orderDetail', device, { orderNo });
  const open = order.lines.filter((l) => l.review.reviewable && !done.includes(l.id));
  if (open.length === 0 && done.length > 0)
    return (
      <section className="card review-done" role="status">
        <h2>评价成功</h2>
        <p>感谢您的分享！评价会显示在商品页，{REVIEW_APPEND_DAYS} 天内还可以在「我的评价」中追评一次。</p>
        <p className="row">
          <Link href={mine} className="btn" prefetch={false}>
            查看我的评价
          </Link>
          <Link href={back} className="btn btn-ghost" prefetch={false}>
            返回订单
          </Link>
        </p>
      </section>
    );

  return (
    <div className="stack review-apply">
      <p className="muted small">
        订单 {order.orderNo} ·{' '}
        <Link href={back} prefetch={false}>
          查看订单
        </Link>
      </p>
      {order.lines.map((l) => (
        <section key={l.id} className="card review-line" aria-labelledby={`review-line-${l.id}`}>
          <div className="review-goods">
            {l.image ? <img src={l.image} alt="" width={64} height={64} /> : null}
            <div>
              <h2 id={`review-line-${l.id}`} className="review-goods-name">
                {l.productName}
              </h2>
              <p className="muted small">已购规格：{l.skuName}</p>
            </div>
          </div>
          {done.includes(l.id) ? (
            <p className="review-line-state" role="status">
              评价成功 ·{' '}
              <Link href={mine} prefetch={false}>
                查看我的评价
              </Link>
            </p>
          ) : l.review.reviewable ? (
            <LineForm
              orderNo={order.orderNo}
              line={l}
              onDone={() => {
                setDone((d) => [...d, l.id]);
                void mutate();
              }}
            />
          ) : l.review.reviewId ? (
            <p className="review-line-state">
              已评价 ·{' '}
              <Link href={mine} prefetch={false}>
                {l.review.appendable ? '去追评' : '查看我的评价'}
              </Link>
            </p>
          ) : (
            <p className="review-line-state muted">{order.status === 'completed' ? `已超过评价期限（确认收货后 ${REVIEW_WINDOW_DAYS} 天内可以评价）` : '确认收货后可以评价'}</p>
          )}
        </section>
      ))}
    </div>
  );
}
