'use client';
/**
 * The coupon centre's list: read from the API after render (the page is cached and the same for
 * all; a logged-in shopper's 已领取 comes with their token). 立即领取 asks a visitor to log in first,
 * and claims the coupon once they have.
 */
import Link from 'next/link';
import { useState } from 'react';
import toast from 'react-hot-toast';
import useSWR from 'swr';
import { useLoginFirst } from '@/components/auth/use-login-first';
import { api, swrFetcher } from '@/lib/api/client';
import { screenHref } from '@/lib/domain/screens';
import type { CentreCoupon } from '@/lib/server/modules/coupons';
import { useAuthToken } from '@/store/auth';
import { CouponCard } from './coupon-card';

const CLAIMED = '领取成功，下单时自动选用';

const STATE_LABEL = { claimable: undefined, claimed: '已领取', sold_out: '已领完' } as const;

export function CouponCentre() {
  const { token, hydrated } = useAuthToken();
  // Keyed by who asks: a login swaps the visitor's list for the shopper's.
  const list = useSWR<CentreCoupon[]>(hydrated ? ['/coupons', token ?? ''] : null, ([path]: [string]) => swrFetcher<CentreCoupon[]>(path));
  const login = useLoginFirst();
  const [busy, setBusy] = useState<number | null>(null);

  async function claim(c: CentreCoupon) {
    if (!token) {
      // Logged in from the dialog, the visitor has the coupon they pressed.
      login.ask('登录后即可领取优惠券', async () => {
        await api.post(`/coupons/${c.templateId}/claim`);
        return CLAIMED;
      });
      return;
    }
    setBusy(c.templateId);
    try {
      await api.post(`/coupons/${c.templateId}/claim`);
      toast.success(CLAIMED);
    } catch {
      // The API client showed why (已领完, 已领取 …).
    } finally {
      setBusy(null);
      await list.mutate();
    }
  }

  if (list.error) return <p className="card empty">优惠券加载失败，请刷新页面重试。</p>;
  if (!list.data) return <p className="card empty" aria-busy="true">加载中…</p>;
  if (list.data.length === 0) return <p className="card empty">暂无可领取的优惠券，敬请期待。</p>;
  return (
    <>
      <ul className="coupon-list">
        {list.data.map((c) => (
          <li key={c.templateId}>
            <CouponCard
              coupon={c}
              when={c.validityText}
              state={STATE_LABEL[c.state]}
              muted={c.state === 'sold_out'}
              action={
                c.state === 'claimable' ? (
                  <button type="button" className="btn btn-sm" disabled={busy === c.templateId} aria-haspopup={token ? undefined : 'dialog'} onClick={() => claim(c)}>
                    立即领取
                  </button>
                ) : c.state === 'claimed' ? (
                  <Link href="/ProductList" className="btn btn-ghost btn-sm" prefetch={false}>
                    去使用
                  </Link>
                ) : null
              }
            />
          </li>
        ))}
      </ul>
      {token ? (
        <p className="muted small">
          已领取的券在{' '}
          <Link href={screenHref('coupons', 'mobile')} className="tap">
            我的优惠券
          </Link>{' '}
          查看。
        </p>
      ) : null}
      {login.dialog}
    </>
  );
}
