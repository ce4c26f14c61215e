import Link from 'next/link';
import { ACTIVATION_GUIDE_HREF } from '@/content/help/activation';
import { SubscriptionDetail } from '@/components/subscription/subscription-detail';
import { SubscriptionList } from '@/components/subscription/subscription-list';
import { CardSection } from '@/components/ui/card-section';
import { FactList } from '@/components/ui/lists';
import { DUE_SOON_DAYS, GRACE_DAYS } from '@/lib/domain/subscription';
import { queryValue } from '@/lib/web/page-query';
import { subscriptionListSchema } from '@/lib/validation/order';
import { AccountFrame } from './account-frame';
import type { DeviceQueryScreenProps as QueryProps } from './screen-props';

/** The states of a subscription in words (docs/subscriptions.md#states), under the list and for a visitor on a subscription's page. */
function ServiceStates() {
  return (
    <CardSection title="服务状态说明">
      <FactList
        items={[
          '未激活：激活码可以复制后转交同事或家人使用；激活任一激活码后开始计算服务期，不再支持退款。',
          `生效中 / 即将到期：到期前 ${DUE_SOON_DAYS} 天起显示即将到期，可随时续费，到期日顺延，不损失天数。`,
          `宽限期：到期后 ${GRACE_DAYS} 天内服务照常可用，续费后到期日从原到期日顺延。`,
          '已过期：宽限期结束后服务停止，续费后自付款之日起重新计算。',
          '已退款：订单退款后，其中未使用的激活码作废，不能再激活。',
        ]}
      />
      <p>
        <Link href={ACTIVATION_GUIDE_HREF} className="tap">
          激活指南
        </Link>
      </p>
    </CardSection>
  );
}

/** 我的服务 (/Service on mobile, /personalCenter/PersonalService on desktop): the shopper's subscriptions as cards. */
export function ServiceListScreen({ path, device, query }: QueryProps) {
  const q = subscriptionListSchema.parse({ page: queryValue(query, 'page'), pageSize: queryValue(query, 'pageSize') });
  return (
    <AccountFrame
      path={path}
      heading="我的服务"
      what="您购买的服务"
      guestIntro="查看已购买的量子邮箱、量子钉、量子会议和量子身份等服务的有效期、席位、激活码，并在线续费。"
      account={(u) => <SubscriptionList userId={u.id} device={device} basePath={path} page={q.page} pageSize={q.pageSize} />}
    >
      <ServiceStates />
    </AccountFrame>
  );
}

/** 服务详情 (/ServiceDetail on mobile, /ServiceDetailPC on desktop), ?id=. */
export function ServiceDetailScreen({ path, device, query }: QueryProps) {
  return (
    <AccountFrame
      path={path}
      heading="服务详情"
      what="服务详情"
      guestIntro="查看一项服务的有效期、席位、激活码和服务记录，并续费、加席位或升级。"
      account={(u) => <SubscriptionDetail userId={u.id} id={queryValue(query, 'id')} device={device} />}
      guestGuide={<ServiceStates />}
    />
  );
}
