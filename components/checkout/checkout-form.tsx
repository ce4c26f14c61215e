'use client';
/**
 * 确认订单 (/CreateOrder on mobile, /OrderSettlePC on desktop): the address (default preselected;
 * none needed for service-only orders), the lines and totals priced by POST /orders/preview, 订单备注,
 * and 提交订单 (one idempotency key per page view) → the pay-selection screen.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import useSWR from 'swr';
import { api, swrFetcher } from '@/lib/api/client';
import { REMARK_MAX } from '@/lib/domain/order-rules';
import { formatFen } from '@/lib/domain/money';
import type { Device } from '@/lib/web/device';
import { screenHref } from '@/lib/domain/screens';
import type { Address } from '@/components/address/types';
import { ADDRESSES_KEY } from '@/components/address/types';
import { refreshCart } from '@/components/cart/use-cart';
import { OrderLines } from '@/components/order/order-lines';
import { OrderTotals } from '@/components/order/order-totals';
import type { Order, Preview } from '@/components/order/types';
import { useSubmit } from '@/components/ui/use-form-state';
import { AddressChooser } from './address-chooser';
import { CouponPicker } from './coupon-picker';
import { newIdempotencyKey } from '@/lib/api/retry';
import type { CheckoutItems } from './checkout-request';

type Props = { items: CheckoutItems; device: Device; returnTo: string; cartPath: string };

export function CheckoutForm({ items, device, returnTo, cartPath }: Props) {
  const uid = useId();
  const router = useRouter();
  const addresses = useSWR<Address[]>(ADDRESSES_KEY, swrFetcher<Address[]>);
  const [chosen, setChosen] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  // undefined: the best coupon (the server picks it); null: 不使用优惠券; a number: that coupon.
  const [couponId, setCouponId] = useState<number | null | undefined>(undefined);
  const { busy: submitting, submit: send } = useSubmit();
  const key = useRef<string | null>(null);
  // The page opens at its top (the address and the lines), not where the browser was before a reload:
  // logging in on the prompt reloads the page, and restoring that scroll position lands mid-page.
  useEffect(() => {
    const before = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    window.scrollTo(0, 0);
    return () => {
      history.scrollRestoration = before;
    };
  }, []);

  const list = addresses.data ?? [];
  const addressId = chosen ?? list.find((a) => a.isDefault)?.id ?? list[0]?.id ?? null;
  const ready = addresses.data !== undefined || addresses.error !== undefined;
  const body = { ...items, ...(addressId ? { addressId } : {}), ...(couponId !== undefined ? { couponId } : {}) };
  const preview = useSWR<Preview>(ready ? ['/orders/preview', JSON.stringify(body)] : null, () => api.post<Preview>('/orders/preview', body), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
  });

  if (preview.error && !preview.data) {
    return (
      <section className="card empty" role="alert">
        <p>{preview.error instanceof Error ? preview.error.message : '无法生成订单'}</p>
        <Link href={cartPath} className="btn btn-ghost">
          返回购物车
        </Link>
      </section>
    );
  }
  if (!preview.data) {
    return (
      <p className="card empty" aria-busy="true">
        加载中…
      </p>
    );
  }
  const p = preview.data;
  const missingAddress = p.needsAddress && !addressId;

  async function submit() {
    if (submitting || missingAddress) return;
    // The same key is sent again if the shopper retries after a refusal: one order however often.
    const idempotencyKey = (key.current ??= newIdempotencyKey());
    await send(
      async () => {
        const order = await api.post<Order>('/orders', {
          ...items,
          ...(p.needsAddress && addressId ? { addressId } : {}),
          // Exactly the coupon the totals on the page were priced with (or none).
          couponId: p.coupon?.id ?? null,
          remark: remark.trim(),
          idempotencyKey,
        });
        void refreshCart();
        router.replace(screenHref('pay', 'mobile', { orderNo: order.orderNo }));
      },
      { stayBusy: true },
    );
  }

  const submitButton = (className: string) => (
    <button type="button" className={className} disabled={submitting || missingAddress || preview.isValidating} aria-busy={submitting} onClick={submit}>
      提交订单
    </button>
  );

  return (
    <div className={`checkout checkout-${device}`}>
      {p.needsAddress ? (
        <AddressChooser addresses={list} value={addressId} onChange={setChosen} returnTo={returnTo} />
      ) : (
        <p className="notice small">本订单只含量子安全服务，无需收货地址，付款后激活码在订单详情中查看。</p>
      )}

      <section className="card" aria-labelledby="checkout-goods-title">
        <h2 id="checkout-goods-title">商品清单</h2>
        <OrderLines lines={p.lines} />
      </section>

      <CouponPicker coupons={p.usableCoupons} chosen={p.coupon} selected={couponId} discountFen={p.discountFen} onChoose={setCouponId} disabled={preview.isValidating} />

      <section className="card">
        <div className="field">
          <label htmlFor={`${uid}-remark`}>订单备注</label>
          <textarea
            id={`${uid}-remark`}
            maxLength={REMARK_MAX}
            placeholder="选填，可告诉我们您的特殊要求"
            value={remark}
            aria-describedby={`${uid}-remark-count`}
            onChange={(e) => setRemark(e.target.value)}
          />
          <p id={`${uid}-remark-count`} className="muted small auth-hint">
            {remark.length} / {REMARK_MAX}
          </p>
        </div>
      </section>

      <section className="card checkout-submit" aria-labelledby="checkout-total-title">
        <h2 id="checkout-total-title">订单金额</h2>
        <OrderTotals totals={p} live={device === 'desktop'} />
        {missingAddress ? <p className="field-error">请先选择或新增收货地址</p> : null}
        {device === 'desktop' ? submitButton('btn btn-warm btn-block') : null}
      </section>
      {device === 'mobile' ? (
        // A phone keeps 合计 and 提交订单 in a bar fixed at the bottom, where the tab bar would be.
        <div className="checkout-bar" role="group" aria-label="提交订单">
          <p className="checkout-bar-total" aria-live="polite" aria-atomic="true">
            合计 <span className="price">{formatFen(p.totalFen)}</span>
          </p>
          {submitButton('btn btn-warm')}
        </div>
      ) : null}
    </div>
  );
}
