import Link from 'next/link';
import { PhotoLinks } from '@/components/review/photo-links';
import { RatingStars } from '@/components/review/rating-stars';
import { PageSizeSelect } from '@/components/admin/page-size-select';
import { formatTime } from '@/components/order/format-time';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { REVIEW_SEARCH_MAX } from '@/lib/domain/review-rules';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';
import { pageHref } from '@/lib/web/query-string';
import { REVIEW_FILTER_LABEL } from '@/lib/domain/review';
import { listAdminReviews } from '@/lib/server/views/console-reviews';
import { adminReviewQuerySchema, type ReviewStars as Stars } from '@/lib/validation/review-admin';
import { FilterSelect } from '@/components/admin/filter-select';
import { OrderLink } from '@/components/admin/order-link';

export const metadata = { title: '评价' };

const STARS_LABEL: Record<Stars, string> = {
  good: `${REVIEW_FILTER_LABEL.good}（4–5 星）`,
  neutral: `${REVIEW_FILTER_LABEL.neutral}（3 星）`,
  bad: `${REVIEW_FILTER_LABEL.bad}（1–2 星）`,
  '5': '5 星',
  '4': '4 星',
  '3': '3 星',
  '2': '2 星',
  '1': '1 星',
};

/** The list shows the start of a long text; the review's page shows all of it. */
const EXCERPT = 60;
const excerpt = (s: string) => (Array.from(s).length > EXCERPT ? `${Array.from(s).slice(0, EXCERPT).join('')}…` : s);

export default async function AdminReviewsPage({ searchParams }: { searchParams: Promise<PageQuery> }) {
  await requirePageOperator();
  const raw = flatQuery(await searchParams);
  const { productId, stars, photos, replied, hidden, q } = adminReviewQuerySchema.parse(raw);
  const page = await listAdminReviews(raw);
  const filters = { productId, stars, photos, replied, hidden, q: q || undefined };
  return (
    <>
      <h1>评价</h1>
      <form className="admin-filters" method="get" action="/admin/reviews" role="search" aria-label="筛选评价">
        <FilterSelect id="f-product" name="productId" label="商品" all="全部商品" value={productId} options={page.products.map((p) => [p.id, p.name] as const)} />
        <FilterSelect id="f-stars" name="stars" label="星级" value={stars} options={Object.entries(STARS_LABEL)} />
        <FilterSelect id="f-replied" name="replied" label="回复" value={replied} options={[['no', '未回复'], ['yes', '已回复']]} />
        <FilterSelect id="f-hidden" name="hidden" label="状态" value={hidden} options={[['no', '显示中'], ['yes', '已隐藏']]} />
        <div className="field">
          <label htmlFor="f-q">订单号 / 手机号 / 评价内容</label>
          <input id="f-q" name="q" maxLength={REVIEW_SEARCH_MAX} defaultValue={q ?? ''} />
        </div>
        <label className="check-row">
          <input type="checkbox" name="photos" value="yes" defaultChecked={photos === 'yes'} />
          只看有图
        </label>
        <PageSizeSelect value={page.pageSize} />
        <button type="submit" className="btn btn-sm">
          查询
        </button>
        <Link href="/admin/reviews" className="small">
          清空筛选
        </Link>
      </form>
      <p className="muted small">共 {page.total} 条评价，最新的在前。隐藏的评价不在商品页显示，也不计入评分。</p>
      {page.items.length ? (
        <DataTable
          caption="评价"
          hideCaption
          wrapClass="admin-table"
          head={['评价时间', '商品 / 规格', '评分', '内容', '买家 / 订单', '状态', '操作']}
          rows={page.items.map((r) => ({
            key: String(r.id),
            cells: [
              formatTime(r.createdAt),
              <span key="p">
                {r.productName}
                <br />
                <span className="muted small">{r.skuName}</span>
              </span>,
              <RatingStars key="s" rating={r.rating} />,
              <div key="c" className="review-cell">
                <p>{excerpt(r.content)}</p>
                <PhotoLinks photos={r.photos} label="评价图片" size={48} />
                {r.append ? (
                  <p className="small">
                    <span className="tag">追评</span> {excerpt(r.append.content)}
                  </p>
                ) : null}
                {r.reply ? <p className="small muted">商家回复：{excerpt(r.reply.content)}</p> : null}
              </div>,
              <span key="b">
                {r.buyer}
                {r.anonymous ? <span className="muted small">（匿名）</span> : null}
                <br />
                <OrderLink orderNo={r.orderNo} className="small" />
              </span>,
              <span key="st">
                {r.hidden ? <span className="tag tag-warn">已隐藏</span> : <span className="tag">显示中</span>}{' '}
                {r.reply ? <span className="tag">已回复</span> : r.bucket === 'bad' && !r.hidden ? <span className="tag tag-warn">待回复</span> : null}
              </span>,
              <Link key="d" href={`/admin/reviews/${r.id}`}>
                {r.reply ? '详情' : '回复 / 处理'}
              </Link>,
            ],
          }))}
        />
      ) : (
        <p className="admin-panel muted">没有符合条件的评价。</p>
      )}
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} href={(n) => pageHref('/admin/reviews', filters, n, page.pageSize)} />
    </>
  );
}
