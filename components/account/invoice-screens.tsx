import { AccountFrame } from './account-frame';
import { ACCOUNT_PATHS, type DeviceScreenProps, type ScreenProps } from './account-paths';
import { InvoiceHowTo, InvoiceStatuses, InvoiceTypes } from './invoice-guide';

/** 发票 (/Invoice on mobile) and 发票管理 (/InvoicePC on desktop): the list of invoice requests. */
export function InvoiceListScreen({ path, device }: DeviceScreenProps) {
  return (
    <AccountFrame
      path={path}
      heading={device === 'mobile' ? '发票' : '发票管理'}
      what="您的发票申请记录"
      intro="查看发票申请记录和开票进度。"
    >
      <InvoiceHowTo ordersPath={ACCOUNT_PATHS[device].orders} />
      <InvoiceTypes />
      <InvoiceStatuses />
    </AccountFrame>
  );
}

/** 发票详情 (/InvoiceDetail on mobile, /InvoiceDetailPC on desktop). */
export function InvoiceDetailScreen({ path }: ScreenProps) {
  return (
    <AccountFrame path={path} heading="发票详情" what="发票详情" intro="查看一张发票的类型、抬头、金额、对应订单和开票进度。">
      <InvoiceStatuses />
      <InvoiceTypes />
    </AccountFrame>
  );
}
