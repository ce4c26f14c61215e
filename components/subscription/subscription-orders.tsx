'use client';
/**
 * The subscription page's 续费, 加席位 and 升级: each places an ordinary service order for the subscription
 * (priced on the server, docs/subscriptions.md#renewal-and-prices) and goes to the shop's pay screen with
 * it, where coupons and WeChat Pay / Alipay work as for any order.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { subscriptionApi } from '@/lib/api/client';
import { formatFen } from '@/lib/domain/money';
import { MAX_LINE_QUANTITY } from '@/lib/domain/quantity';
import { screenHref } from '@/lib/domain/screens';
import { RENEW_YEARS } from '@/lib/domain/subscription';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { QuantityStepper } from '@/components/cart/quantity-stepper';
import { useSubmit } from '@/components/ui/use-form-state';

type Years = `${(typeof RENEW_YEARS)[number]}`;
const YEAR_OPTIONS = RENEW_YEARS.map((y) => `${y}` as Years);
const YEAR_LABELS = Object.fromEntries(YEAR_OPTIONS.map((y) => [y, `${y} 年`])) as Record<Years, string>;

/** Places the order `place` answers, then opens its pay screen (the button stays busy until it is gone). */
function usePlaceOrder() {
  const router = useRouter();
  const { busy, submit } = useSubmit();
  const go = (place: () => Promise<{ orderNo: string }>) =>
    submit(
      async () => {
        const { orderNo } = await place();
        router.push(screenHref('pay', 'mobile', { orderNo }));
      },
      { stayBusy: true },
    );
  return { busy, go };
}

/** 续费 1, 2 or 3 years: the price is today's price of a year for every seat, times the years. */
export function RenewPanel({ id, yearPriceFen, expired }: { id: number; yearPriceFen: number; expired: boolean }) {
  const [years, setYears] = useState<Years>('1');
  const { busy, go } = usePlaceOrder();
  const n = Number(years);
  return (
    <form
      className="sub-order"
      onSubmit={(e) => {
        e.preventDefault();
        void go(() => subscriptionApi.renew(id, n));
      }}
    >
      <ChoiceGroup
        id={`renew-years-${id}`}
        legend="续费时长"
        options={YEAR_OPTIONS}
        labels={YEAR_LABELS}
        value={years}
        onChange={setYears}
        hint={expired ? '服务已过期：续费自付款之日起重新计算一个新的服务期。' : '到期日在当前到期日基础上顺延，提前续费不损失天数。'}
      />
      <p className="spread">
        <span>
          应付 <strong className="price" data-testid="renew-price">{formatFen(yearPriceFen * n)}</strong>
          <span className="muted small">（{formatFen(yearPriceFen)} / 年）</span>
        </span>
        <button type="submit" className="btn btn-warm" disabled={busy}>
          去支付
        </button>
      </p>
    </form>
  );
}

/** 加席位: how many seats to add; the price (by the days left) is shown on the pay screen. */
export function SeatsPanel({ id, daysLeft }: { id: number; daysLeft: number }) {
  const [add, setAdd] = useState(1);
  const { busy, go } = usePlaceOrder();
  return (
    <form
      className="sub-order"
      onSubmit={(e) => {
        e.preventDefault();
        void go(() => subscriptionApi.addSeats(id, add));
      }}
    >
      <div className="row">
        <span>增加席位</span>
        <QuantityStepper value={add} min={1} max={MAX_LINE_QUANTITY} label="增加的席位数" disabled={busy} onCommit={setAdd} />
      </div>
      <p className="spread">
        <span className="muted small">新席位与现有席位同日到期，按剩余 {daysLeft} 天折算价格，应付金额在支付页显示。</span>
        <button type="submit" className="btn btn-warm" disabled={busy}>
          去支付
        </button>
      </p>
    </form>
  );
}

/** 升级 to the edition the plan leads to: the difference for the days left, the end date unchanged. */
export function UpgradePanel({ id, daysLeft, to }: { id: number; daysLeft: number; to: string }) {
  const { busy, go } = usePlaceOrder();
  return (
    <div className="sub-order">
      <p className="spread">
        <span className="muted small">
          升级为{to}：按剩余 {daysLeft} 天补差价，到期日不变，应付金额在支付页显示。
        </span>
        <button type="button" className="btn btn-warm" disabled={busy} onClick={() => void go(() => subscriptionApi.upgrade(id))}>
          去支付
        </button>
      </p>
    </div>
  );
}
