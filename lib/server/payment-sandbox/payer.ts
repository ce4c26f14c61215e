/**
 * The shopper's side of the demo gateways: the "phone" that confirms a WeChat payment (the page the
 * Native QR code and the H5 link open) and Alipay's cashier. Confirming pays the trade, sends the
 * notification (unless the demo asks to lose it) and says where the browser goes next.
 */
import { fenToYuanString } from '../../domain/money';
import { safeRedirectPath } from '../../web/safe-redirect';
import { siteUrl } from '../../site';
import { iso } from '../iso';
import { demoKeys } from '../payments/demo-keys';
import { alipayTime } from '../payments/beijing-time';
import { alipaySignFields } from './alipay-sign';
import { notifyAlipayPaid, notifyWechatPaid } from './deliver';
import { findTradeByRef, isExpired, payTrade, type SandboxProvider, type SandboxTrade } from './store';

export type TradeView = {
  ref: string;
  tradeNo: string;
  outTradeNo: string;
  description: string;
  amountFen: number;
  status: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND' | 'EXPIRED';
  expiresAt: string | null;
  returnUrl: string | null;
};

function view(t: SandboxTrade): TradeView {
  return {
    ref: t.ref,
    tradeNo: t.tradeNo,
    outTradeNo: t.outTradeNo,
    description: t.description,
    amountFen: t.amountFen,
    status: isExpired(t, new Date()) ? 'EXPIRED' : (t.status as TradeView['status']),
    expiresAt: iso(t.expiresAt),
    returnUrl: t.returnUrl,
  };
}

export async function sandboxTrade(provider: SandboxProvider, ref: string): Promise<TradeView | null> {
  const t = await findTradeByRef(provider, ref);
  return t ? view(t) : null;
}

/** Only our own site is a place to send the browser back to (no open redirect through the demo). */
export function sameSiteUrl(url: string | null | undefined): string | null {
  const path = safeRedirectPath(url, '');
  return path ? new URL(path, siteUrl()).toString() : null;
}

export type ConfirmResult = { ok: true; next: string } | { ok: false; message: string };

async function confirm(provider: SandboxProvider, ref: string): Promise<{ trade: SandboxTrade } | { message: string }> {
  const t = await findTradeByRef(provider, ref);
  if (!t) return { message: '交易不存在' };
  if (isExpired(t, new Date())) return { message: '交易已过期，请回到商城重新下单' };
  if (t.status !== 'NOTPAY') return { message: t.status === 'CLOSED' ? '交易已关闭' : '该交易已支付' };
  const paid = await payTrade(t.id);
  return paid ? { trade: paid } : { message: '该交易已支付' };
}

/** 确认支付 on the WeChat "phone": Native goes back to the phone page, H5 to the shop's redirect_url. */
export async function confirmWechat(ref: string, opts: { dropNotify: boolean; redirectUrl: string | null }): Promise<ConfirmResult> {
  const r = await confirm('wechat', ref);
  if ('message' in r) return { ok: false, message: r.message };
  if (!opts.dropNotify) await notifyWechatPaid(r.trade);
  return { ok: true, next: sameSiteUrl(opts.redirectUrl) ?? `/sandbox/wechat/pay/${ref}` };
}

/** 确认付款 at Alipay's cashier: notify, then back to the shop's return_url with the signed sync fields. */
export async function confirmAlipay(ref: string, opts: { dropNotify: boolean }): Promise<ConfirmResult> {
  const r = await confirm('alipay', ref);
  if ('message' in r) return { ok: false, message: r.message };
  const t = r.trade;
  if (!opts.dropNotify) await notifyAlipayPaid(t);
  const back = sameSiteUrl(t.returnUrl);
  if (!back) return { ok: true, next: `/sandbox/alipay/cashier/${ref}` };
  const k = demoKeys().alipay;
  const sync = alipaySignFields(
    {
      charset: 'utf-8',
      out_trade_no: t.outTradeNo,
      method: t.tradeType === 'WAP' ? 'alipay.trade.wap.pay.return' : 'alipay.trade.page.pay.return',
      total_amount: fenToYuanString(t.amountFen),
      sign_type: 'RSA2',
      trade_no: t.tradeNo,
      auth_app_id: k.appId,
      version: '1.0',
      app_id: k.appId,
      seller_id: k.appId,
      timestamp: alipayTime(new Date()),
    },
    k.alipayPrivateKey,
    'notify',
  );
  const url = new URL(back);
  for (const [key, value] of Object.entries(sync)) url.searchParams.set(key, value);
  return { ok: true, next: url.toString() };
}
