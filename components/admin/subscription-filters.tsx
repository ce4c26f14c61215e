import Link from 'next/link';
import { MOBILE_DIGITS } from '@/lib/domain/account-rules';
import { SUBSCRIPTION_STATE_LABEL } from '@/lib/domain/subscription';
import { CODE_SEARCH_MAX, SUBSCRIPTION_STATES } from '@/lib/domain/subscription-console';
import { FilterSelect } from './filter-select';
import { PageSizeSelect } from './page-size-select';

export type SubscriptionFilterValues = { state?: string; list?: string; phone?: string; code?: string; pageSize: number };

/** The 订阅 table's search and filters: a plain GET form, so a filtered list is a URL to share or bookmark. */
export function SubscriptionFilters({ values }: { values: SubscriptionFilterValues }) {
  return (
    <form className="admin-filters" method="get" action="/admin/subscriptions" role="search" aria-label="查找订阅">
      {values.list ? <input type="hidden" name="list" value={values.list} /> : null}
      <FilterSelect id="sf-state" name="state" label="订阅状态" value={values.state} options={SUBSCRIPTION_STATES.map((s) => [s, SUBSCRIPTION_STATE_LABEL[s]] as const)} />
      <div className="field">
        <label htmlFor="sf-phone">手机号</label>
        <input id="sf-phone" name="phone" inputMode="numeric" maxLength={MOBILE_DIGITS} defaultValue={values.phone ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="sf-code">激活码</label>
        <input id="sf-code" name="code" maxLength={CODE_SEARCH_MAX} placeholder="XXXX-XXXX-XXXX-XXXX" autoComplete="off" defaultValue={values.code ?? ''} />
      </div>
      <PageSizeSelect value={values.pageSize} />
      <button type="submit" className="btn btn-sm">
        查询
      </button>
      <Link href="/admin/subscriptions" className="small">
        清空筛选
      </Link>
    </form>
  );
}
