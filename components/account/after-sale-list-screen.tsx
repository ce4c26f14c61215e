import { AfterSaleList } from '@/components/after-sale/after-sale-list';
import { StatusTabs, tabsOf } from '@/components/ui/status-tabs';
import { AFTER_SALE_STATUS_LABEL } from '@/lib/domain/after-sale';
import { queryValue } from '@/lib/web/page-query';
import { withQuery } from '@/lib/web/query-string';
import { afterSaleListSchema } from '@/lib/validation/after-sale';
import { AccountFrame } from './account-frame';
import { AfterSaleRules } from './after-sale-rules';
import type { DeviceQueryScreenProps as QueryProps } from './screen-props';

/**
 * The list's tabs (`?status=` takes the API's values). 商家已收货 and 换新已发出 last a short while
 * between the other states: they show under 全部.
 */
const AFTER_SALE_TABS = tabsOf(['pending_review', 'awaiting_return', 'returning', 'refunding', 'refunded', 'completed', 'rejected', 'cancelled'] as const, AFTER_SALE_STATUS_LABEL);

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

