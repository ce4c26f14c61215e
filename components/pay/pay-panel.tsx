'use client';
/**
 * 选择支付方式 → 确认支付 (/PayDetail, /PaySelectPC). WeChat continues on /WxpayDetail(PC) (QR code or
 * H5 hand-off); Alipay starts the payment and the browser goes to the pay form, which submits itself
 * to Alipay's cashier.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { AlipayMark, WechatMark } from '@/components/account/pay-marks';
import { useOrder } from '@/components/order/use-order';
import { withQuery } from '@/lib/query-string';
import { CHANNEL_FOR } from '@/lib/payment-channels';
import { startPayment } from './use-payment';

type Method = keyof typeof CHANNEL_FOR;
type Layout = 'mobile' | 'desktop';

const isWechatBrowser = () => typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);

export function PayPanel({ orderNo, layout }: { orderNo: string | null; layout: Layout }) {
  const { data: order } = useOrder(orderNo);
  const router = useRouter();
  const [method, setMethod] = useState<Method>('wechat');
  const [busy, setBusy] = useState(false);
  const [inWechat, setInWechat] = useState(false);
  useEffect(() => setInWechat(isWechatBrowser()), []);
  useEffect(() => {
    if (inWechat && layout === 'mobile') setMethod('alipay');
  }, [inWechat, layout]);

  if (!orderNo) return null;
  if (!order || order.status !== 'pending_payment' || !order.actions.pay) return null;

  const wechatBlocked = inWechat && layout === 'mobile';
  const pay = async () => {
    if (busy) return;
    if (method === 'wechat') {
      router.push(withQuery(layout === 'desktop' ? '/WxpayDetailPC' : '/WxpayDetail', { orderNo }));
      return;
    }
    setBusy(true);
    try {
      const p = await startPayment(orderNo, CHANNEL_FOR.alipay[layout]);
      if (p.payformUrl) window.location.assign(p.payformUrl);
    } catch {
      setBusy(false); // toasted by the client
    }
  };

  return (
    <section className="card pay-panel" aria-labelledby="pay-panel-title">
      <h2 id="pay-panel-title">选择支付方式</h2>
      <div role="radiogroup" aria-label="支付方式" className="pay-choices">
        {(
          [
            { id: 'wechat', name: '微信支付', Mark: WechatMark, note: wechatBlocked ? '微信内置浏览器不能发起 H5 支付，请用手机浏览器打开本页' : layout === 'desktop' ? '手机微信扫码付款' : '跳转到微信付款' },
            { id: 'alipay', name: '支付宝支付', Mark: AlipayMark, note: layout === 'desktop' ? '前往支付宝收银台' : '跳转到支付宝付款' },
          ] as const
        ).map(({ id, name, Mark, note }) => (
          <label key={id} className={`pay-choice${method === id ? ' is-on' : ''}`}>
            <input type="radio" name="pay-method" value={id} checked={method === id} disabled={id === 'wechat' && wechatBlocked} onChange={() => setMethod(id)} />
            <Mark size={28} />
            <span>
              <strong>{name}</strong>
              <span className="small muted">{note}</span>
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
