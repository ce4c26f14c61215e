import type { ReactNode } from 'react';
import { formatFen } from '@/lib/domain/money';
import type { Totals } from './types';

type Props = { totals: Totals & { coupon?: { name: string } | null }; live?: boolean; totalLabel?: string; children?: ReactNode };

/** 商品金额, 运费, 优惠 and 实付金额 as the server computed them; announced when they change. `children`: rows under 实付 (已退款). */
export function OrderTotals({ totals, live = false, totalLabel = '实付金额', children }: Props) {
  return (
    <dl className="order-totals" aria-live={live ? 'polite' : undefined} aria-atomic={live ? true : undefined}>
      <div>
        <dt>商品金额</dt>
        <dd>{formatFen(totals.itemsTotalFen)}</dd>
      </div>
      <div>
        <dt>运费</dt>
        <dd>{totals.shippingFen ? formatFen(totals.shippingFen) : '免运费'}</dd>
      </div>
      {totals.discountFen ? (
        <div>
          <dt>{totals.coupon ? '优惠券' : '优惠'}</dt>
          <dd>
            -{formatFen(totals.discountFen)}
            {totals.coupon ? <span className="muted small">（{totals.coupon.name}）</span> : null}
          </dd>
        </div>
      ) : null}
      <div className="order-total">
        <dt>{totalLabel}</dt>
        <dd className="price">{formatFen(totals.totalFen)}</dd>
      </div>
      {children}
    </dl>
  );
}
