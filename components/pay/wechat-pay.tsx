'use client';
/**
 * 微信支付 (/WxpayDetail, H5) and 微信扫码支付 (/WxpayDetailPC, Native QR code): starts (or reopens)
 * the order's WeChat payment, shows the QR code or the hand-off to WeChat, and polls the status
 * every 2 s: paid → 支付成功 and the order; deadline passed → the order's cancelled state.
 */
import Link from 'next/link';
import { OrderState } from '@/components/order/order-state';
import { PayCountdown } from '@/components/order/pay-countdown';
import { useOrder } from '@/components/order/use-order';
import type { Device } from '@/lib/web/device';
import { formatFen } from '@/lib/domain/money';
import { CHANNEL_FOR } from '@/lib/domain/payment-channels';
import { screenHref } from '@/lib/domain/screens';
import { PaymentResult } from './payment-result';
import { useInWechat } from './use-in-wechat';
import { usePaymentStatus, useStartedPayment } from './use-payment';

export function WechatPay({ orderNo, returnedPaymentNo, layout, demo, listPath }: { orderNo: string | null; returnedPaymentNo: string | null; layout: Device; demo: boolean; listPath: string }) {
  const { data: order, error, mutate } = useOrder(orderNo);
  const inWechat = useInWechat();
  const payable = Boolean(order && order.status === 'pending_payment' && order.actions.pay);
  const blocked = layout === 'mobile' && inWechat;
  const { payment, failed, retry } = useStartedPayment(orderNo, CHANNEL_FOR.wechat[layout], payable && !returnedPaymentNo && !blocked);
  const { data: live } = usePaymentStatus(payment?.paymentNo ?? null);

  if (!orderNo) return <OrderState kind="missing" back={listPath} />;
  if (returnedPaymentNo) return <PaymentResult paymentNo={returnedPaymentNo} orderNo={orderNo} layout={layout} />;
  if (error && !order) return <OrderState kind="error" back={listPath} />;
  if (!order) return <OrderState kind="loading" back={listPath} />;
  if (live && live.status === 'succeeded') return <PaymentResult paymentNo={live.paymentNo} orderNo={orderNo} layout={layout} />;

  const detail = screenHref('orderDetail', layout, { orderNo: order.orderNo });
  if (!payable)
    return (
      <section className="card pay-result" role="status">
        <p className="pay-result-title">订单{order.statusLabel}</p>
        <p className="small">{order.status === 'cancelled' ? '订单已超时或已取消，不能再付款。' : '该订单无需支付。'}</p>
        <Link href={detail} className="btn btn-ghost" prefetch={false}>
          查看订单
        </Link>
      </section>
    );

  const current = live ?? payment;
  return (
    <section className="card wechat-pay" aria-labelledby="wechat-pay-title">
      <h2 id="wechat-pay-title" className="sr-only">
        付款
      </h2>
      <p>
        订单编号 <span data-testid="order-no">{order.orderNo}</span>
      </p>
      <p className="pay-amount-line">
        应付金额 <strong className="price pay-amount">{formatFen(order.totalFen)}</strong>
      </p>
      <PayCountdown deadline={order.payDeadline} onExpire={() => mutate()} />
      {blocked ? (
        <p className="notice" role="alert">
          微信内置浏览器不能发起这种支付。请点击右上角「…」选择「在浏览器打开」，或返回改用支付宝支付。
        </p>
      ) : failed ? (
        <p className="notice" role="alert">
          {failed}{' '}
          <button type="button" className="btn btn-ghost" onClick={() => retry()}>
            重试
          </button>
        </p>
      ) : !current ? (
        <p aria-busy="true">正在生成付款信息…</p>
      ) : layout === 'desktop' ? (
        <div className="wechat-qr">
          {current.qrImage ? <img src={current.qrImage} width={220} height={220} alt="微信支付二维码" data-testid="wechat-qr" /> : null}
          <p className="small">请使用微信「扫一扫」扫描二维码付款</p>
          {demo && current.codeUrl ? (
            <p className="small">
              演示环境：
              <a href={current.codeUrl} target="_blank" rel="noopener" data-testid="demo-phone">
                在模拟手机中打开
              </a>
            </p>
          ) : null}
        </div>
      ) : (
        <p>
          <a href={current.h5Url ?? '#'} className="btn btn-block" data-testid="wechat-h5">
            前往微信支付
          </a>
        </p>
      )}
      <p className="small muted" aria-live="polite">
        {current ? '付款后本页自动更新，请勿关闭。' : null}
      </p>
      <p className="small">
        <Link href={screenHref('pay', 'mobile', { orderNo: order.orderNo })} prefetch={false}>
          更换支付方式
        </Link>
      </p>
    </section>
  );
}
