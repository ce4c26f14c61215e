/**
 * One subscription on 我的服务: the product and edition, its state, the end date and days left (or how the
 * term starts), seats used of a per-seat plan, the codes (复制, 激活) and what the state allows: 续费, 加席位,
 * 升级 and 自动续费 lead to the subscription's page, where they are done.
 */
import Link from 'next/link';
import type { Device } from '@/lib/web/device';
import { CONTRACT_CHANNEL_LABEL } from '@/lib/domain/auto-renew';
import { screenHref } from '@/lib/domain/screens';
import { OrderLink } from './order-link';
import { SubscriptionCodes } from './subscription-codes';
import { SubscriptionTerm } from './subscription-term';
import type { Subscription } from './types';

/** A card lists this many codes; a company's forty seats are listed on the subscription's page. */
const CODES_ON_CARD = 3;

export function SubscriptionState({ s }: { s: Subscription }) {
  return (
    <span className="sub-state" data-state={s.state}>
      {s.stateLabel}
    </span>
  );
}

/** 已开启自动续费（微信支付） when a contract is in force. */
export function autoRenewText(s: Subscription): string {
  // The channel is known exactly when a contract is in force (`autoRenew`).
  return s.autoRenewChannel ? `已开启（${CONTRACT_CHANNEL_LABEL[s.autoRenewChannel]}）` : '未开启';
}

export function SubscriptionCard({ s, device }: { s: Subscription; device: Device }) {
  const page = (anchor = '') => `${screenHref('serviceDetail', device, { id: s.id })}${anchor}`;
  return (
    <article className="card sub-card" aria-labelledby={`sub-${s.id}`}>
      <header className="spread">
        <h2 id={`sub-${s.id}`} className="sub-title">
          {s.productName} · {s.edition}
        </h2>
        <SubscriptionState s={s} />
      </header>
      <SubscriptionTerm s={s} />
      <SubscriptionCodes codes={s.codes.slice(0, CODES_ON_CARD)} />
      {s.codes.length > CODES_ON_CARD ? (
        <Link href={page('#sub-codes')} className="small tap" prefetch={false}>
          查看全部 {s.codes.length} 个激活码
        </Link>
      ) : null}
      <p className="small muted">{s.orderNo ? <>订单 <OrderLink orderNo={s.orderNo} device={device} /></> : '购买订单已删除'}</p>
      <footer className="order-actions">
        {s.autoRenew ? <span className="tag">自动续费{autoRenewText(s)}</span> : null}
        {s.canRenew ? (
          <Link href={page('#renew')} className="btn btn-warm btn-sm" prefetch={false}>
            续费
          </Link>
        ) : null}
        {s.canAddSeats ? (
          <Link href={page('#seats')} className="btn btn-ghost btn-sm" prefetch={false}>
            加席位
          </Link>
        ) : null}
        {s.canUpgrade ? (
          <Link href={page('#upgrade')} className="btn btn-ghost btn-sm" prefetch={false}>
            升级{s.upgradeTo ? `为${s.upgradeTo}` : ''}
          </Link>
        ) : null}
        {s.canRenew && !s.autoRenew ? (
          <Link href={page('#auto-renew')} className="btn btn-ghost btn-sm" prefetch={false}>
            自动续费
          </Link>
        ) : null}
        <Link href={page()} className="btn btn-ghost btn-sm" prefetch={false}>
          详情
        </Link>
      </footer>
    </article>
  );
}
