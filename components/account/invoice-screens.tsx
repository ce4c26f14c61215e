import { InvoiceDetail } from '@/components/invoice/invoice-detail';
import { InvoiceList, InvoiceStatusTabs } from '@/components/invoice/invoice-list';
import { InvoiceRequest } from '@/components/invoice/invoice-request';
import { getPageUser } from '@/lib/auth/page-session';
import { screenHref } from '@/lib/screens';
import { invoiceListSchema } from '@/lib/validation/invoice';
import { AccountFrame } from './account-frame';
import { queryValue, type DeviceScreenProps, type PageQuery } from './account-paths';
import { InvoiceHowTo, InvoiceStatuses, InvoiceTypes } from './invoice-guide';

type QueryProps = DeviceScreenProps & { query: PageQuery };

/**
 * 发票 (/Invoice on mobile) and 发票管理 (/InvoicePC on desktop): with ?orderNo= the request form
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
        intro={user ? undefined : '为已付款的订单申请普通发票或增值税专用发票。'}
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
      heading={device === 'mobile' ? '发票' : '发票管理'}
      what="您的发票申请记录"
      intro={user ? undefined : '查看发票申请记录和开票进度。'}
      user={user}
      top={user ? <InvoiceStatusTabs basePath={path} active={q.status} /> : null}
      account={(u) => <InvoiceList userId={u.id} device={device} basePath={path} status={q.status} page={q.page} pageSize={q.pageSize} ordersPath={ordersPath} />}
    >
      <InvoiceHowTo ordersPath={ordersPath} />
      <InvoiceTypes />
      <InvoiceStatuses />
    </AccountFrame>
  );
}

/** 发票详情 (/InvoiceDetail on mobile, /InvoiceDetailPC on desktop), ?id=. */
export async function InvoiceDetailScreen({ path, device, query }: QueryProps) {
  const user = await getPageUser();
  return (
    <AccountFrame
      path={path}
      heading="发票详情"
      what="发票详情"
      intro={user ? undefined : '查看一张发票的类型、抬头、金额、对应订单和开票进度。'}
      user={user}
      account={(u) => <InvoiceDetail userId={u.id} id={queryValue(query, 'id')} device={device} />}
    >
      {user ? null : (
        <>
          <InvoiceStatuses />
          <InvoiceTypes />
        </>
      )}
    </AccountFrame>
  );
}
