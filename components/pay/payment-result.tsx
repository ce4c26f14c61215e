'use client';
/**
 * What a pay screen shows once the shopper has paid (or come back from paying): the confirmed result.
 * Once the payment succeeded the screen is drawn again on the server, which then shows 支付成功
 * (its title, the steps at 支付完成, PayDone); until that arrives this says so too.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import type { Device } from '@/lib/web/device';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import { PaidActions } from './paid-actions';
import { usePaymentStatus } from './use-payment';

export function PaymentResult({ paymentNo, orderNo, layout }: { paymentNo: string; orderNo: string; layout: Device }) {
  const { data: p, error } = usePaymentStatus(paymentNo);
  const router = useRouter();
  const succeeded = p?.status === 'succeeded';
  useEffect(() => {
    if (succeeded) router.refresh();
  }, [succeeded, router]);
  const detail = screenHref('orderDetail', layout, { orderNo });
  if (error && !p)
    return (
      <section className="card empty" role="alert">
        <p>没有找到这笔支付。</p>
        <Link href={detail} className="btn btn-ghost" prefetch={false}>
          查看订单
        </Link>
      </section>
    );
  if (!p || p.status === 'pending')
    return (
      <section className="card pay-result" aria-busy="true" aria-live="polite">
        <p className="pay-result-title">正在确认支付结果…</p>
        <p className="small muted">付款完成后通常几秒内到账确认，请勿重复付款。</p>
      </section>
    );
  if (p.status === 'succeeded')
    return (
      <section className="card pay-result pay-result-ok" aria-live="polite">
        <p className="pay-result-title">支付成功</p>
        <p>
          已支付 <strong className="price">{formatFen(p.amountFen)}</strong>，订单状态：<strong data-testid="order-status">{p.orderStatusLabel}</strong>
        </p>
        <PaidActions detailHref={detail} />
      </section>
    );
  return (
    <section className="card pay-result" role="alert">
      <p className="pay-result-title">{p.orderStatus === 'cancelled' ? '订单已取消' : '本次支付未完成'}</p>
      <p className="small">{p.orderStatus === 'pending_payment' ? '可以返回重新选择支付方式。' : `订单状态：${p.orderStatusLabel}`}</p>
      <Link href={detail} className="btn btn-ghost" prefetch={false}>
        查看订单
      </Link>
    </section>
  );
}
