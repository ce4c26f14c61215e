import { AfterSaleDetail } from '@/components/after-sale/after-sale-detail';
import { AfterSaleForm } from '@/components/after-sale/after-sale-form';
import { AfterSaleList } from '@/components/after-sale/after-sale-list';
import { CardSection } from '@/components/ui/card-section';
import { FactList, TermList } from '@/components/ui/lists';
import { StatusTabs, tabsOf } from '@/components/ui/status-tabs';
import { AFTER_SALE_STATUS_LABEL, RETURN_SHIPPING_RULE } from '@/lib/domain/after-sale';
import { AFTER_SALE_PHOTOS_MAX, AFTER_SALE_RETURN_DAYS, AFTER_SALE_REVIEW_HOURS, EXCHANGE_DAYS, RETURN_DAYS } from '@/lib/domain/after-sale-rules';
import { queryValue } from '@/lib/web/page-query';
import { shopMode } from '@/lib/site';
import { withQuery } from '@/lib/web/query-string';
import { afterSaleListSchema } from '@/lib/validation/after-sale';
import { AccountFrame } from './account-frame';
import type { DeviceQueryScreenProps as QueryProps } from './screen-props';
import '@/components/after-sale/after-sale.css';

/**
 * The list's tabs (`?status=` takes the API's values). 商家已收货 and 换新已发出 last a short while
 * between the other states: they show under 全部.
 */
const AFTER_SALE_TABS = tabsOf(['pending_review', 'awaiting_return', 'returning', 'refunding', 'refunded', 'completed', 'rejected', 'cancelled'] as const, AFTER_SALE_STATUS_LABEL);

/** The after-sales rules in short, for the form and for visitors who are not logged in. */
function AfterSaleRules() {
  return (
    <CardSection title="售后规则">
      <TermList
        items={[
          { term: '未发货', text: '可申请仅退款，提交后立即退款。' },
          { term: '已签收', text: `${RETURN_DAYS} 天内可七天无理由退货；商品质量等商家原因 ${EXCHANGE_DAYS} 天内可退货退款或换货。` },
          { term: '量子安全服务', text: `付款后 ${RETURN_DAYS} 天内、激活码均未激活时可申请退款。` },
          { term: '审核', text: `商家将在 ${AFTER_SALE_REVIEW_HOURS} 小时内处理，超时自动同意；同意退货后请在 ${AFTER_SALE_RETURN_DAYS} 天内寄回。` },
          { term: '运费', text: `商家原因的退款连同订单运费一并退回，换货不退款、换新商品免运费寄出；${RETURN_SHIPPING_RULE.shop}。${RETURN_SHIPPING_RULE.shopper}。` },
        ]}
      />
    </CardSection>
  );
}

/** 申请售后 (/AfterSaleApply on mobile, /AfterSaleApplyPC on desktop), ?orderNo=&item=. */
export function AfterSaleApplyScreen({ path, device, query }: QueryProps) {
  const item = Number(queryValue(query, 'item'));
  return (
    <AccountFrame
      path={path}
      heading="申请售后"
      what="订单的售后申请"
      guestIntro="为已付款的订单申请仅退款、退货退款或换货。"
      // Keyed by order and line: another line's 申请售后 is a new form with that line ticked, not the last one's state.
      account={() => (
        <AfterSaleForm key={`${queryValue(query, 'orderNo')}:${item}`} orderNo={queryValue(query, 'orderNo') ?? null} item={Number.isInteger(item) && item > 0 ? item : null} device={device} />
      )}
    >
      <AfterSaleRules />
    </AccountFrame>
  );
}

/** 售后 (/AfterSale on mobile: cards) and 售后服务 (/personalCenter/PersonalAfterSale on desktop: a table). */
export function AfterSaleListScreen({ path, device, query }: QueryProps) {
  const q = afterSaleListSchema.parse({ status: queryValue(query, 'status'), page: queryValue(query, 'page'), pageSize: queryValue(query, 'pageSize') });
  return (
    <AccountFrame
      path={path}
      heading={device === 'mobile' ? '售后' : '售后服务'}
      what="您的售后申请"
      guestIntro="查看退款、退货和换货申请的处理进度。"
      top={<StatusTabs label="售后状态" tabs={AFTER_SALE_TABS} active={q.status} href={(status) => withQuery(path, { status })} prefetch={false} />}
      account={(u) => <AfterSaleList userId={u.id} device={device} basePath={path} status={q.status} page={q.page} pageSize={q.pageSize} />}
    >
      <AfterSaleRules />
    </AccountFrame>
  );
}

/** 售后详情 (/AfterSaleDetail on mobile, /AfterSaleDetailPC on desktop), ?afterSaleNo=. */
export function AfterSaleDetailScreen({ path, device, query }: QueryProps) {
  return (
    <AccountFrame
      path={path}
      heading="售后详情"
      what="售后申请详情"
      guestIntro="查看一个售后申请的处理进度、退款金额和退货地址。"
      account={() => <AfterSaleDetail afterSaleNo={queryValue(query, 'afterSaleNo') ?? null} device={device} demo={shopMode() === 'demo'} />}
      guestGuide={
        <CardSection title="售后详情包含">
          <FactList
            items={[
              '售后单号、申请时间、当前状态和下一步。',
              '申请的商品、数量和退款金额。',
              '同意退货后的退货地址和退货物流填写，或预约快递员上门取件。',
              `上传的凭证图片（最多 ${AFTER_SALE_PHOTOS_MAX} 张）和处理进度。`,
            ]}
          />
        </CardSection>
      }
    />
  );
}
