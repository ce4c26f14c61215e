'use client';
/**
 * 选择支付方式 → 确认支付 (/PayDetail, /PaySelectPC). WeChat continues on /WxpayDetail(PC) (QR code or
 * H5 hand-off); Alipay starts the payment and the browser goes to the pay form, which submits itself
 * to Alipay's cashier.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useOrder } from '@/components/order/use-order';
import { useSubmit } from '@/components/ui/use-form-state';
import type { Device } from '@/lib/web/device';
import { CHANNEL_FOR } from '@/lib/domain/payment-channels';
import { screenHref } from '@/lib/domain/screens';
import { METHODS, type PayMethod } from './pay-methods';
import { useInWechat } from './use-in-wechat';
import { startPayment } from './use-payment';

export function PayPanel({ orderNo, layout }: { orderNo: string | null; layout: Device }) {
  const { data: order } = useOrder(orderNo);
  const router = useRouter();
  const [method, setMethod] = useState<PayMethod>('wechat');
  const { busy, submit } = useSubmit();
  const inWechat = useInWechat();

  if (!orderNo) return null;
  if (!order || order.status !== 'pending_payment' || !order.actions.pay) return null;

  // WeChat's in-app browser cannot start H5 pay: there the choice is Alipay, whatever was picked.
  const wechatBlocked = inWechat && layout === 'mobile';
  const chosen: PayMethod = wechatBlocked ? 'alipay' : method;
  const note: Record<PayMethod, string> = {
    wechat: wechatBlocked ? '微信内置浏览器不能发起 H5 支付，请用手机浏览器打开本页' : layout === 'desktop' ? '手机微信扫码付款' : '跳转到微信付款',
    alipay: layout === 'desktop' ? '前往支付宝收银台' : '跳转到支付宝付款',
  };
  const pay = async () => {
    if (busy) return;
    if (chosen === 'wechat') {
      router.push(screenHref('wechatPay', layout, { orderNo }));
      return;
    }
    // The browser goes on to Alipay: the button stays busy until the page is gone.
    await submit(
      async () => {
        const p = await startPayment(orderNo, CHANNEL_FOR.alipay[layout]);
        if (p.payformUrl) window.location.assign(p.payformUrl);
      },
      { stayBusy: true },
    );
  };

  return (
    <section className="card pay-panel" aria-labelledby="pay-panel-title">
      <h2 id="pay-panel-title">选择支付方式</h2>
      <div role="radiogroup" aria-label="支付方式" className="pay-choices">
        {METHODS.map(({ id, name, Mark }) => (
          <label key={id} className={`pay-choice${chosen === id ? ' is-on' : ''}`}>
            <input type="radio" name="pay-method" value={id} checked={chosen === id} disabled={id === 'wechat' && wechatBlocked} onChange={() => setMethod(id)} />
            <Mark size={28} />
            <span>
              <strong>{name}</strong>
              <span className="small muted">{note[id]}</span>
            </span>
          </label>
        ))}
      </div>
      <button type="button" className="btn btn-warm btn-block" onClick={pay} disabled={busy}>
        {busy ? '正在前往支付宝…' : '确认支付'}
      </button>
    </section>
  );
}
