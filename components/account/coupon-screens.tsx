import Link from 'next/link';
import { CouponCard } from '@/components/coupon/coupon-card';
import { RedeemForm } from '@/components/coupon/redeem-form';
import { StatusTabs } from '@/components/ui/status-tabs';
import { queryValue } from '@/lib/web/page-query';
import { withQuery } from '@/lib/web/query-string';
import type { MyCoupon } from '@/lib/server/modules/coupons';
import { myCoupons } from '@/lib/server/views/my-coupons';
import { shopDateTime } from '@/lib/domain/shop-time';
import { myCouponsQuerySchema } from '@/lib/validation/coupon';
import { AccountFrame } from './account-frame';
import type { DeviceQueryScreenProps as QueryProps } from './screen-props';

const TABS = [
  { value: 'unused', label: '未使用' },
  { value: 'used', label: '已使用' },
  { value: 'expired', label: '已过期' },
] as const;
const STATE = { unused: undefined, used: '已使用', expired: '已过期' } as const;

const until = (c: MyCoupon) => `${shopDateTime(new Date(c.startsAt)).slice(0, 10)} 至 ${shopDateTime(new Date(c.endsAt)).slice(0, 16)}`;

async function CouponList({ userId, status }: { userId: number; status: MyCoupon['status'] }) {
  const list = await myCoupons(userId, { status });
  if (list.length === 0) {
    return (
      <section className="card empty">
        <p>暂无优惠券</p>
        <Link href="/couponCenter" className="btn btn-ghost" prefetch={false}>
          去领券中心
        </Link>
      </section>
    );
  }
  return (
    <ul className="coupon-list">
      {list.map((c) => (
        <li key={c.id}>
          <CouponCard
            coupon={c}
            when={until(c)}
            state={STATE[c.status]}
            muted={c.status !== 'unused'}
            action={
              c.status === 'unused' ? (
                <Link href="/ProductList" className="btn btn-sm" prefetch={false}>
                  去使用
                </Link>
              ) : c.orderNo ? (
                <span className="muted small">订单 {c.orderNo}</span>
              ) : null
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** 我的优惠券 (/Coupon on a phone, /personalCenter/PersonalCoupon on a desktop): 未使用 / 已使用 / 已过期, and a code. */
export function CouponListScreen({ path, query }: QueryProps) {
  const { status } = myCouponsQuerySchema.parse({ status: queryValue(query, 'status') });
  return (
    <AccountFrame
      path={path}
      heading="我的优惠券"
      what="您领取的优惠券"
      guestIntro="领取的优惠券在这里查看；下单时自动选用最优惠的一张。"
      top={
        <div className="spread coupon-top">
          <StatusTabs label="优惠券状态" tabs={TABS} active={status} href={(s) => withQuery(path, { status: s === 'unused' ? undefined : s })} prefetch={false} />
          <Link href="/couponCenter" className="small tap" prefetch={false}>
            领券中心 ›
          </Link>
        </div>
      }
      account={(u) => (
        <div className="stack">
          <RedeemForm />
          <CouponList userId={u.id} status={status} />
        </div>
      )}
    />
  );
}
