/**
 * /ServiceDetail and /ServiceDetailPC (?id=): one subscription. Its state and term, seats, 自动续费, the
 * buying order and a year's price; the codes (复制, 激活); 续费 (1–3 years, the price before paying), 加席位
 * and 升级 as the state allows; and its history, newest first.
 */
import Link from 'next/link';
import type { Device } from '@/lib/web/device';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import { orNullIfNotFound } from '@/lib/server/errors';
import { getSubscription } from '@/lib/server/views/subscriptions';
import { TermList, type Term } from '@/components/ui/lists';
import { formatDay, formatTime } from '@/components/order/format-time';
import { ActivationHowTo } from '@/components/order/license-list';
import { autoRenewText, SubscriptionState } from './subscription-card';
import { OrderLink } from './order-link';
import { SubscriptionCodes } from './subscription-codes';
import { RenewPanel, SeatsPanel, UpgradePanel } from './subscription-orders';
import { SubscriptionTerm } from './subscription-term';
import type { SubscriptionDetail as Detail } from './types';
import { AutoRenewOnPage } from './auto-renew-on-page';
import { AUTO_RENEW_NOTICE_DAYS, AUTO_RENEW_STATES } from '@/lib/domain/auto-renew';
import './subscriptions.css';
import '@/components/after-sale/after-sale.css';

type Props = { userId: number; id: string | undefined; device: Device };


/** What an event changed, in a few words. */
function eventText(e: Detail['events'][number]): string {
  switch (e.kind) {
    case 'activated':
      return `开始计时，有效期至 ${formatDay(e.toEndsAt)}`;
    case 'renewed':
      return e.fromEndsAt ? `到期日 ${formatDay(e.fromEndsAt)} 顺延至 ${formatDay(e.toEndsAt)}` : `重新开通，有效期至 ${formatDay(e.toEndsAt)}`;
    case 'refunded':
      return e.seats ? `退款后剩余 ${e.seats} 个席位` : '全部退款，激活码已作废';
    case 'created':
    case 'migrated':
    case 'seats_added':
      return e.seats ? `席位数 ${e.seats}` : '';
    case 'upgraded':
    case 'adjusted':
      return e.toEndsAt ? `有效期至 ${formatDay(e.toEndsAt)}` : '';
  }
}

function facts(s: Detail, device: Device): Term[] {
  const items: Term[] = [
    { term: '服务', text: `${s.productName} · ${s.edition}` },
    { term: '服务期', text: s.startsAt ? `${formatDay(s.startsAt)} 至 ${formatDay(s.endsAt)}` : '未开始（激活任一激活码后开始计时）' },
  ];
  if (s.graceEndsAt && (s.state === 'due_soon' || s.state === 'grace')) items.push({ term: '宽限期至', text: formatDay(s.graceEndsAt) });
  if (s.perSeat) items.push({ term: '席位', text: `已用 ${s.seatsUsed} / 共 ${s.seats} 个` });
  items.push(
    { term: '自动续费', text: autoRenewText(s) },
    { term: '一年费用', text: `${formatFen(s.yearPriceFen)}${s.perSeat ? `（${s.seats} 个席位）` : ''}` },
    { term: '购买订单', text: <OrderLink orderNo={s.orderNo} device={device} /> },
  );
  return items;
}

/** When 自动续费 will charge next and how much: the charge noticed, or the term's end at about a year's price of today. */
function nextChargeText(s: Detail): string | undefined {
  if (s.nextCharge) return `下次扣款：${formatTime(s.nextCharge.at)}，${formatFen(s.nextCharge.amountFen)}${s.nextCharge.retry ? '（上次扣款未成功，将再次尝试）' : ''}`;
  if (s.autoRenew && s.endsAt) return `下次扣款：${formatDay(s.endsAt)} 到期时，约 ${formatFen(s.yearPriceFen)}（金额以扣款前 ${AUTO_RENEW_NOTICE_DAYS} 天的通知为准）`;
  return undefined;
}

export async function SubscriptionDetail({ userId, id, device }: Props) {
  const s = id ? await orNullIfNotFound(getSubscription(userId, id)) : null;
  if (!s) {
    return (
      <section className="card empty" role="status">
        <p>{id ? '没有找到这项服务。' : '缺少服务编号。'}</p>
        <Link href={screenHref('services', device)} className="btn btn-ghost" prefetch={false}>
          返回我的服务
        </Link>
      </section>
    );
  }
  return (
    <div className="sub-detail">
      <section className="card" aria-labelledby="sub-head">
        <div className="spread">
          <h2 id="sub-head" className="sub-title">
            {s.productName} · {s.edition}
          </h2>
          <SubscriptionState s={s} />
        </div>
        <SubscriptionTerm s={s} />
        <TermList items={facts(s, device)} className="order-facts" />
      </section>

      <section className="card" aria-labelledby="sub-codes">
        <h2 id="sub-codes">激活码</h2>
        <SubscriptionCodes codes={s.codes} />
        <ActivationHowTo />
      </section>

      {s.canRenew ? (
        <section className="card" id="renew" aria-labelledby="sub-renew">
          <h2 id="sub-renew">续费</h2>
          <RenewPanel id={s.id} yearPriceFen={s.yearPriceFen} expired={s.state === 'expired'} />
        </section>
      ) : null}

      {s.canAddSeats ? (
        <section className="card" id="seats" aria-labelledby="sub-seats">
          <h2 id="sub-seats">加席位</h2>
          <SeatsPanel id={s.id} daysLeft={s.daysLeft} />
        </section>
      ) : null}

      {s.canUpgrade && s.upgradeTo ? (
        <section className="card" id="upgrade" aria-labelledby="sub-upgrade">
          <h2 id="sub-upgrade">升级</h2>
          <UpgradePanel id={s.id} daysLeft={s.daysLeft} to={s.upgradeTo} />
        </section>
      ) : null}

      {s.canRenew || s.autoRenew ? (
        <section className="card" id="auto-renew" aria-labelledby="sub-auto">
          <h2 id="sub-auto">自动续费</h2>
          {s.autoRenew ? null : <p data-testid="auto-renew">{autoRenewText(s)}</p>}
          <AutoRenewOnPage subscriptionId={s.id} current={s.contract} canOpen={AUTO_RENEW_STATES.includes(s.state)} nextCharge={nextChargeText(s)} />
        </section>
      ) : null}

      <section className="card" aria-labelledby="sub-history">
        <h2 id="sub-history">服务记录</h2>
        <ol className="after-sale-timeline">
          {[...s.events].reverse().map((e, i) => (
            <li key={`${e.at}-${i}`} data-current={i === 0 ? 'true' : undefined}>
              <strong>{e.label}</strong>
              <span className="small">
                <time dateTime={e.at}>{formatTime(e.at)}</time>
                {eventText(e) ? ` · ${eventText(e)}` : null}
                {e.orderNo ? (
                  <>
                    {' · 订单 '}
                    <OrderLink orderNo={e.orderNo} device={device} />
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
