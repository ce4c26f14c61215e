import { AfterSaleForm } from '@/components/after-sale/after-sale-form';
import { queryValue } from '@/lib/web/page-query';
import { AccountFrame } from './account-frame';
import { AfterSaleRules } from './after-sale-rules';
import type { DeviceQueryScreenProps as QueryProps } from './screen-props';

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

