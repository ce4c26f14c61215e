import Link from 'next/link';
import { CouponForm } from '@/components/admin/coupon-form';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { couponScopeOptions } from '@/lib/server/modules/coupons';

export const metadata = { title: '新建优惠券' };

export default async function AdminNewCouponPage() {
  await requirePageOperator();
  const options = await couponScopeOptions();
  return (
    <>
      <p className="small">
        <Link href="/admin/coupons">← 返回优惠券列表</Link>
      </p>
      <h1>新建优惠券</h1>
      <section className="admin-panel">
        <CouponForm {...options} />
      </section>
    </>
  );
}
