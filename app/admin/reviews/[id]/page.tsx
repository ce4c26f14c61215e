import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditPanel } from '@/components/admin/audit-panel';
import { ConsoleActionButton } from '@/components/admin/console-action-button';
import { HideReviewForm, ReplyReviewForm } from '@/components/admin/review-actions';
import { PhotoLinks } from '@/components/review/photo-links';
import { RatingStars } from '@/components/review/rating-stars';
import { formatTime } from '@/components/order/format-time';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { parseId } from '@/lib/server/db/id';
import { orNullIfNotFound } from '@/lib/server/errors';
import { getAdminReview } from '@/lib/server/views/console-reviews';
import { OrderLink } from '@/components/admin/order-link';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `评价 ${(await params).id}` };
}

export default async function AdminReviewPage({ params }: Props) {
  await requirePageOperator();
  const id = parseId((await params).id) ?? notFound();
  const r = (await orNullIfNotFound(getAdminReview(id))) ?? notFound();
  return (
    <>
      <p className="small">
        <Link href="/admin/reviews">← 返回评价列表</Link>
      </p>
      <h1>
        评价 {r.id} {r.hidden ? <span className="tag tag-warn">已隐藏</span> : <span className="tag">显示中</span>}
      </h1>
      <div className="admin-grid">
        <div>
          <section className="admin-panel" aria-labelledby="rv-review">
            <h2 id="rv-review">评价内容</h2>
            <dl className="admin-facts">
              <dt>商品</dt>
              <dd>
                <Link href={`/admin/products/${r.productId}`}>{r.productName}</Link>
              </dd>
              <dt>购买规格</dt>
              <dd>{r.skuName}</dd>
              <dt>评分</dt>
              <dd>
                <RatingStars rating={r.rating} /> {r.rating} 星 · {r.ratingLabel}
              </dd>
              <dt>买家</dt>
              <dd>
                {r.buyer}
                {r.anonymous ? '（匿名评价：商品页不显示昵称）' : ''}
              </dd>
              <dt>订单</dt>
              <dd>
                <OrderLink orderNo={r.orderNo} />
              </dd>
              <dt>评价时间</dt>
              <dd>{formatTime(r.createdAt)}</dd>
            </dl>
            <p className="review-text">{r.content}</p>
            <PhotoLinks photos={r.photos} label="评价图片" size={120} />
          </section>
          <section className="admin-panel" aria-labelledby="rv-append">
            <h2 id="rv-append">追评</h2>
            {r.append ? (
              <>
                <p className="small muted">{formatTime(r.append.createdAt)}</p>
                <p className="review-text">{r.append.content}</p>
                <PhotoLinks photos={r.append.photos} label="追评图片" size={120} />
              </>
            ) : (
              <p className="small muted">买家还没有追评。</p>
            )}
          </section>
          <section className="admin-panel" aria-labelledby="rv-reply-h">
            <h2 id="rv-reply-h">商家回复</h2>
            {r.reply ? (
              <>
                <p className="small muted">{formatTime(r.reply.createdAt)} 回复</p>
                <p className="review-text">{r.reply.content}</p>
              </>
            ) : (
              <p className="small muted">还没有回复。</p>
            )}
            <ReplyReviewForm id={r.id} current={r.reply?.content ?? null} />
          </section>
        </div>
        <div>
          <section className="admin-panel" aria-labelledby="rv-visibility">
            <h2 id="rv-visibility">{r.hidden ? '已隐藏' : '隐藏'}</h2>
            {r.hidden ? (
              <>
                <p className="small">
                  {formatTime(r.hidden.at)} 隐藏，原因：{r.hidden.reason}
                </p>
                <p className="small muted">隐藏的评价不在商品页显示，也不计入平均分和好评率。</p>
                <ConsoleActionButton path={`/admin/reviews/${r.id}/show`} label="恢复显示" confirmText="确定恢复显示这条评价吗？它会重新出现在商品页并计入评分。" done="评价已恢复显示" className="btn" />
              </>
            ) : (
              <>
                <p className="small muted">隐藏后评价不在商品页显示，也不计入平均分和好评率；可随时恢复。</p>
                <HideReviewForm id={r.id} />
              </>
            )}
          </section>
          <AuditPanel rows={r.audit} />
        </div>
      </div>
    </>
  );
}
