/**
 * A subscription's term in one or two lines: 未激活 (the term starts with the first code activated), the
 * end date and days left, the 宽限期's end once ended, 已退款; and seats used of a per-seat plan.
 */
import { formatDay } from '@/components/order/format-time';
import type { Subscription } from './types';


function termText(s: Subscription): string {
  switch (s.state) {
    case 'unused':
      return '未激活：激活任一激活码后开始计时';
    case 'active':
    case 'due_soon':
      return `有效期至 ${formatDay(s.endsAt)}，剩余 ${s.daysLeft} 天`;
    case 'grace':
      return `已于 ${formatDay(s.endsAt)} 到期，宽限期至 ${formatDay(s.graceEndsAt)}，期间服务照常可用，续费后到期日顺延`;
    case 'expired':
      return `已于 ${formatDay(s.endsAt)} 到期，续费后重新开通`;
    case 'refunded':
      return '订单已退款，激活码已作废';
  }
}

export function SubscriptionTerm({ s }: { s: Subscription }) {
  return (
    <div className="sub-term small">
      <p data-testid="sub-term">{termText(s)}</p>
      {s.perSeat ? (
        <p>
          席位：已用 <strong>{s.seatsUsed}</strong> / 共 {s.seats} 个
        </p>
      ) : null}
    </div>
  );
}
