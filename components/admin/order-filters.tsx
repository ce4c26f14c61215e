import Link from 'next/link';
import { MOBILE_DIGITS } from '@/lib/domain/account-rules';
import { ORDER_NO_LENGTH } from '@/lib/domain/order-rules';
import { ORDER_STATUS_LABEL, ORDER_STATUSES } from '@/lib/domain/order-status';
import { PageSizeSelect } from './page-size-select';
import { FilterSelect } from './filter-select';

export type OrderFilterValues = { status?: string; from?: string; to?: string; orderNo?: string; phone?: string; pageSize: number };

/** The order table's filters: a plain GET form, so a filtered list is a URL that can be shared or bookmarked. */
export function OrderFilters({ values }: { values: OrderFilterValues }) {
  return (
    <form className="admin-filters" method="get" action="/admin/orders" role="search" aria-label="筛选订单">
      <FilterSelect id="f-status" name="status" label="订单状态" value={values.status} options={ORDER_STATUSES.map((s) => [s, ORDER_STATUS_LABEL[s]] as const)} />
      <div className="field">
        <label htmlFor="f-from">下单日期从</label>
        <input id="f-from" name="from" type="date" defaultValue={values.from ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="f-to">到</label>
        <input id="f-to" name="to" type="date" defaultValue={values.to ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="f-no">订单号</label>
        <input id="f-no" name="orderNo" inputMode="numeric" maxLength={ORDER_NO_LENGTH} defaultValue={values.orderNo ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="f-phone">手机号</label>
        <input id="f-phone" name="phone" inputMode="numeric" maxLength={MOBILE_DIGITS} defaultValue={values.phone ?? ''} />
      </div>
      <PageSizeSelect value={values.pageSize} />
      <button type="submit" className="btn btn-sm">
        查询
      </button>
      <Link href="/admin/orders" className="small">
        清空筛选
      </Link>
    </form>
  );
}
