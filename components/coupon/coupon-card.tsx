/**
 * One coupon as every screen shows it: the face (减 ¥20 / 8.5折) and its condition on the left, the
 * name, where it applies and its window on the right, then what may be done with it (`action`).
 */
import type { CouponWords } from '@/lib/server/modules/coupons';

type Props = { coupon: CouponWords; when: string; state?: string; action?: React.ReactNode; muted?: boolean };

export function CouponCard({ coupon, when, state, action, muted }: Props) {
  return (
    <article className={muted ? 'coupon coupon-muted' : 'coupon'} aria-label={`${coupon.name} ${coupon.face}`}>
      <div className="coupon-face">
        <strong>{coupon.face}</strong>
        <span className="small">{coupon.condition}</span>
      </div>
      <div className="coupon-body">
        <p className="coupon-name">
          <span className="tag">{coupon.kindLabel}</span> {coupon.name}
        </p>
        <p className="muted small">{coupon.scopeText}</p>
        <p className="muted small">{when}</p>
      </div>
      <div className="coupon-side">
        {state ? <span className="coupon-state">{state}</span> : null}
        {action}
      </div>
    </article>
  );
}
