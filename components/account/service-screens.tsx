import Link from 'next/link';
import { ACTIVATION_GUIDE_HREF } from '@/content/help/activation';
import { ServiceCodeList } from '@/components/order/service-code-list';
import { CardSection } from '@/components/ui/card-section';
import { FactList } from '@/components/ui/lists';
import { queryValue } from '@/lib/web/page-query';
import { serviceCodeListSchema } from '@/lib/validation/order';
import { AccountFrame } from './account-frame';
import type { DeviceQueryScreenProps as QueryProps } from './screen-props';

/** 我的服务 (/Service on mobile: cards; /personalCenter/PersonalService on desktop: a table): the shopper's activation codes. */
export function ServiceListScreen({ path, device, query }: QueryProps) {
  const q = serviceCodeListSchema.parse({ page: queryValue(query, 'page'), pageSize: queryValue(query, 'pageSize') });
  return (
    <AccountFrame
      path={path}
      heading="我的服务"
      what="您购买的服务激活码"
      guestIntro="查看已购买的量子邮箱、量子钉、量子会议和量子身份等服务的激活码与激活状态。"
      account={(u) => <ServiceCodeList userId={u.id} device={device} basePath={path} page={q.page} pageSize={q.pageSize} />}
    >
      <CardSection title="激活码说明">
        <FactList
          items={[
            '未激活：可以复制后转交同事或家人使用；激活后开始计算有效期，不再支持退款。',
            '已激活：已与账号绑定，有效期自激活之日起计算。',
            '已作废：订单退款后，其中未使用的激活码作废，不能再激活。',
          ]}
        />
        <p>
          <Link href={ACTIVATION_GUIDE_HREF} className="tap">
            激活指南
          </Link>
        </p>
      </CardSection>
    </AccountFrame>
  );
}
