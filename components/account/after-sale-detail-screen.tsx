import { AfterSaleDetail } from '@/components/after-sale/after-sale-detail';
import { CardSection } from '@/components/ui/card-section';
import { FactList } from '@/components/ui/lists';
import { AFTER_SALE_PHOTOS_MAX } from '@/lib/domain/after-sale-rules';
import { shopMode } from '@/lib/site';
import { queryValue } from '@/lib/web/page-query';
import { AccountFrame } from './account-frame';
import type { DeviceQueryScreenProps as QueryProps } from './screen-props';
import '@/components/after-sale/after-sale.css';

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
