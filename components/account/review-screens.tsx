import Link from 'next/link';
import { MyReviews } from '@/components/review/my-reviews';
import { ReviewForm } from '@/components/review/review-form';
import { CardSection } from '@/components/ui/card-section';
import { TermList } from '@/components/ui/lists';
import { REVIEW_APPEND_DAYS, REVIEW_CONTENT_MAX, REVIEW_PHOTOS_MAX, REVIEW_WINDOW_DAYS } from '@/lib/domain/review-rules';
import { queryValue } from '@/lib/web/page-query';
import { screenHref } from '@/lib/domain/screens';
import { myReviewListSchema } from '@/lib/validation/review';
import { AccountFrame } from './account-frame';
import type { DeviceQueryScreenProps as QueryProps } from './screen-props';

/** The review rules in short (docs/reviews.md), beside the form and for visitors who are not logged in. */
function ReviewRules() {
  return (
    <CardSection title="评价规则">
      <TermList
        items={[
          { term: '评价时间', text: `确认收货后 ${REVIEW_WINDOW_DAYS} 天内可以评价，每件商品评价一次；量子安全服务付款后即可评价。` },
          { term: '追评', text: `发表评价后 ${REVIEW_APPEND_DAYS} 天内可以追评一次。` },
          { term: '内容', text: `1–5 星评分，文字不超过 ${REVIEW_CONTENT_MAX} 字，最多晒 ${REVIEW_PHOTOS_MAX} 张图片。` },
          { term: '匿名评价', text: '商品页的昵称显示为首尾两个字符，如 1****8。' },
          { term: '审核', text: '含广告、辱骂或与商品无关的评价会被隐藏，隐藏后仅您自己可见。' },
        ]}
      />
    </CardSection>
  );
}

/** 评价晒单 (/ReviewApply on mobile, /ReviewApplyPC on desktop), ?orderNo=. */
export function ReviewApplyScreen({ path, device, query }: QueryProps) {
  return (
    <AccountFrame
      path={path}
      heading="评价晒单"
      what="订单商品的评价"
      guestIntro="确认收货后，为买到的商品打分、写评价、晒图片。"
      account={() => <ReviewForm orderNo={queryValue(query, 'orderNo') ?? null} device={device} />}
    >
      <ReviewRules />
    </AccountFrame>
  );
}

/** 我的评价 (/Review on mobile, /personalCenter/PersonalReview on desktop): the shopper's reviews and 追评. */
export function ReviewListScreen({ path, device, query }: QueryProps) {
  const q = myReviewListSchema.parse({ page: queryValue(query, 'page'), pageSize: queryValue(query, 'pageSize') });
  return (
    <AccountFrame
      path={path}
      heading="我的评价"
      what="您发表的评价"
      guestIntro="查看您发表的评价、追评和商家回复。"
      top={
        <p className="spread small">
          <span className="muted">评价后 {REVIEW_APPEND_DAYS} 天内可以追评一次</span>
          <Link href={screenHref('orders', device, { status: 'to_review' })} prefetch={false} className="tap">
            待评价订单 ›
          </Link>
        </p>
      }
      account={(u) => <MyReviews userId={u.id} device={device} basePath={path} page={q.page} pageSize={q.pageSize} />}
    >
      <ReviewRules />
    </AccountFrame>
  );
}
