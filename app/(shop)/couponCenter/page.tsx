import { CouponCentre } from '@/components/coupon/coupon-centre';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/couponCenter');

/** 领券中心: the rules in the page, the coupons from the API (docs/coupons.md). */
export default function CouponCentrePage() {
  return (
    <div className="coupon-page">
      <Breadcrumbs path="/couponCenter" />
      <h1>领券中心</h1>
      <p className="muted">领取后在有效期内下单，确认订单时自动选用最优惠的一张，也可以换用其他券或不用。每个订单限用一张，运费不参与优惠。</p>
      <CouponCentre />
    </div>
  );
}
