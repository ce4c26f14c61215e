/**
 * 我的服务 (/Service on a phone, /personalCenter/PersonalService on a desktop): the shopper's subscriptions
 * as cards, newest first, paged; rendered on the server like every logged-in list, the codes' 复制 and
 * 激活 the only client code.
 */
import type { Device } from '@/lib/web/device';
import { pageHref } from '@/lib/web/query-string';
import { listSubscriptions } from '@/lib/server/views/subscriptions';
import { EmptyList } from '@/components/ui/paged-list';
import { Pagination } from '@/components/ui/pagination';
import { ActivationHowTo } from '@/components/order/license-list';
import { SubscriptionCard } from './subscription-card';
import './subscriptions.css';

type Props = { userId: number; device: Device; basePath: string; page: number; pageSize: number };

export async function SubscriptionList({ userId, device, basePath, page, pageSize }: Props) {
  const data = await listSubscriptions(userId, { page, pageSize });
  if (data.total === 0) {
    return (
      <EmptyList
        message="暂无服务。"
        hint="购买量子邮箱、量子钉、量子会议或量子身份等服务并付款后，服务和激活码会显示在这里和订单详情中。"
        href="/quantumMail"
        action="了解量子服务"
      />
    );
  }
  return (
    <>
      <ul className="sub-list">
        {data.items.map((s) => (
          <li key={s.id}>
            <SubscriptionCard s={s} device={device} />
          </li>
        ))}
      </ul>
      <p className="center muted small">共 {data.total} 项服务</p>
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} href={(p) => pageHref(basePath, {}, p, data.pageSize)} />
      <ActivationHowTo />
    </>
  );
}
