'use client';
/** 兑换优惠码: a typed code becomes a coupon in 我的优惠券 (the list reloads from the server). */
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api } from '@/lib/api/client';
import { COUPON_CODE_MAX } from '@/lib/domain/coupon-rules';
import { useSubmit } from '@/components/ui/use-form-state';

export function RedeemForm() {
  const router = useRouter();
  const { busy, submit } = useSubmit();
  const [code, setCode] = useState('');

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!code.trim()) {
      toast.error('请输入优惠码');
      return;
    }
    await submit(async () => {
      await api.post('/coupons/redeem', { code });
      toast.success('兑换成功，已放入我的优惠券');
      setCode('');
      router.refresh();
    });
  }

  return (
    <form className="redeem-form" onSubmit={onSubmit} noValidate aria-label="兑换优惠码">
      <label htmlFor="redeem-code" className="sr-only">
        优惠码
      </label>
      <input id="redeem-code" value={code} onChange={(e) => setCode(e.target.value)} placeholder="请输入优惠码" maxLength={COUPON_CODE_MAX + 8} autoComplete="off" />
      <button type="submit" className="btn btn-sm" disabled={busy}>
        兑换
      </button>
    </form>
  );
}
