import { InvoiceDetail } from '@/components/invoice/invoice-detail';
import { InvoiceList } from '@/components/invoice/invoice-list';
import { InvoiceRequest } from '@/components/invoice/invoice-request';
import { StatusTabs, tabsOf } from '@/components/ui/status-tabs';
import { getPageUser } from '@/lib/auth/page-session';
import { INVOICE_STATUS_LABEL, INVOICE_STATUSES } from '@/lib/domain/invoice-status';
import { queryValue } from '@/lib/web/page-query';
import { withQuery } from '@/lib/web/query-string';
import { screenHref } from '@/lib/domain/screens';
import { invoiceListSchema } from '@/lib/validation/invoice';
import { AccountFrame } from './account-frame';
import { InvoiceHowTo, InvoiceStatuses, InvoiceTypes } from './invoice-guide';
import type { DeviceQueryScreenProps as QueryProps } from './screen-props';

/** 全部 待开票 已开票 已驳回 (`?status=` takes the API's values). */
const INVOICE_TABS = tabsOf(INVOICE_STATUSES, INVOICE_STATUS_LABEL);

/**
 * 发票 (/Invoice on mobile) and 我的发票 (/InvoicePC on desktop, a tab of the personal center): with ?orderNo= the request form
 * for that order (申请开票 on the order detail leads here), without it the shopper's invoices.
 */
export async function InvoiceListScreen({ path, device, query }: QueryProps) {
  const user = await getPageUser();
  const orderNo = queryValue(query, 'orderNo');
  const ordersPath = screenHref('orders', device);
  if (orderNo !== undefined) {
    return (
      <AccountFrame
        path={path}
        heading="申请开票"
        what="订单的开票申请"
        guestIntro="为已付款的订单申请普通发票或增值税专用发票。"
        user={user}
        account={(u) => <InvoiceRequest userId={u.id} email={u.email} orderNo={orderNo} device={device} />}
      >
        <InvoiceTypes />
      </AccountFrame>
    );
  }
  const q = invoiceListSchema.parse({ status: queryValue(query, 'status'), page: queryValue(query, 'page'), pageSize: queryValue(query, 'pageSize') });
  return (
    <AccountFrame
      path={path}
      heading={device === 'mobile' ? '发票' : '我的发票'}
      what="您的发票申请记录"
      guestIntro="查看发票申请记录和开票进度。"
      user={user}
      top={user ? <StatusTabs label="发票状态" tabs={INVOICE_TABS} active={q.status} href={(status) => withQuery(path, { status })} prefetch={false} /> : null}
      account={(u) => <InvoiceList userId={u.id} device={device} basePath={path} status={q.status} page={q.page} pageSize={q.pageSize} ordersPath={ordersPath} />}
    >
      <InvoiceHowTo ordersPath={ordersPath} />
      <InvoiceTypes />
      <InvoiceStatuses />
    </AccountFrame>
  );
}

/** 发票详情 (/InvoiceDetail on mobile, /InvoiceDetailPC on desktop), ?id=. */
export function InvoiceDetailScreen({ path, device, query }: QueryProps) {
  return (
    <AccountFrame
      path={path}
      heading="发票详情"
      what="发票详情"
      guestIntro="查看一张发票的类型、抬头、金额、对应订单和开票进度。"
      account={(u) => <InvoiceDetail userId={u.id} id={queryValue(query, 'id')} device={device} />}
      guestGuide={
        <>
          <InvoiceStatuses />
          <InvoiceTypes />
        </>
      }
    />
  );
}
