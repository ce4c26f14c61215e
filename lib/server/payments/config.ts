/**
 * Who we are to the payment providers, and where they are. In live mode (SHOP_MODE=live) every value
 * comes from the environment; in demo mode the same shapes point at the demo gateways under
 * /sandbox, with key pairs made at first start (demo-keys.ts). The provider code is the same code in
 * both modes: only this file knows the difference.
 */
import { readFileSync } from 'node:fs';
import { absoluteUrl, shopMode } from '../../site';
import { demoKeys } from './demo-keys';
import { settings } from '../settings/settings';
import type { LIVE_REQUIRED } from '../settings/schema';

export type WechatConfig = {
  appid: string;
  mchid: string;
  /** Serial number of the merchant API certificate (the key we sign requests with). */
  merchantSerial: string;
  merchantPrivateKey: string;
  /** WeChat Pay's public-key id (PUB_KEY_ID_…) or platform certificate serial → its public key (PEM). */
  platformKeys: Record<string, string>;
  /** The APIv3 key: 32 bytes that decrypt notification resources. */
  apiV3Key: string;
  baseURL: string;
  /** The 委托代扣 template (plan_id) that 自动续费 contracts are signed under. */
  papayPlanId: number;
};

export type AlipayConfig = {
  appId: string;
  /** Our application private key (PKCS#8 PEM). */
  privateKey: string;
  /** Alipay's public key (PEM) that signs responses and notifications. */
  alipayPublicKey: string;
  gateway: string;
};

type LiveSetting = Extract<(typeof LIVE_REQUIRED)[number], `WECHATPAY_${string}` | `ALIPAY_${string}`>;

/** A PEM from the environment: the PEM itself, or file:///path/to/key.pem. */
function pem(name: LiveSetting): string {
  const value = required(name);
  return value.startsWith('file://') ? readFileSync(value.slice(7), 'utf8') : value.replace(/\\n/g, '\n');
}

/**
 * Where the shop reaches the demo gateways in demo mode: DEMO_GATEWAY_URL, by default the shop's own
 * SITE_URL (the gateways are routes of the same server). The bench sets it to run them in a process of
 * their own, so that their CPU is not counted as the shop's (docs/bench.md).
 */
function demoGateway(path: string): string {
  const origin = settings().DEMO_GATEWAY_URL;
  return origin ? new URL(path, origin).href : absoluteUrl(path);
}

/** A live setting; the start refuses live mode without it (lib/server/settings), so this throws only if that check was skipped. */
function required(name: LiveSetting): string {
  const value = settings()[name];
  if (!value) throw new Error(`SHOP_MODE=live needs ${name}`);
  return value;
}

export function wechatConfig(): WechatConfig {
  if (shopMode() === 'live') {
    return {
      appid: required('WECHATPAY_APPID'),
      mchid: required('WECHATPAY_MCHID'),
      merchantSerial: required('WECHATPAY_SERIAL'),
      merchantPrivateKey: pem('WECHATPAY_PRIVATE_KEY'),
      platformKeys: { [required('WECHATPAY_PLATFORM_KEY_ID')]: pem('WECHATPAY_PLATFORM_PUBLIC_KEY') },
      apiV3Key: required('WECHATPAY_APIV3_KEY'),
      baseURL: settings().WECHATPAY_BASE_URL,
      papayPlanId: Number(required('WECHATPAY_PAPAY_PLAN_ID')),
    };
  }
  const k = demoKeys().wechat;
  return {
    appid: k.appid,
    mchid: k.mchid,
    merchantSerial: k.merchantSerial,
    merchantPrivateKey: k.merchantPrivateKey,
    platformKeys: { [k.platformKeyId]: k.platformPublicKey },
    apiV3Key: k.apiV3Key,
    baseURL: demoGateway('/sandbox/wechat/'),
    papayPlanId: DEMO_PAPAY_PLAN_ID,
  };
}

export function alipayConfig(): AlipayConfig {
  if (shopMode() === 'live') {
    return {
      appId: required('ALIPAY_APP_ID'),
      privateKey: pem('ALIPAY_PRIVATE_KEY'),
      alipayPublicKey: pem('ALIPAY_PUBLIC_KEY'),
      gateway: settings().ALIPAY_GATEWAY,
    };
  }
  const k = demoKeys().alipay;
  return { appId: k.appId, privateKey: k.appPrivateKey, alipayPublicKey: k.alipayPublicKey, gateway: demoGateway('/sandbox/alipay/gateway.do') };
}

/** Where the providers send their notifications: our own API on the public site URL. */
export const notifyUrl = (provider: 'wechat' | 'alipay') => absoluteUrl(`/api/v1/payments/notify/${provider}`);

/** Where they send the news of a 自动续费 contract (signed, ended). */
export const contractNotifyUrl = (provider: 'wechat' | 'alipay') => absoluteUrl(`/api/v1/contracts/notify/${provider}`);

/** The demo gateway's 委托代扣 template: any number does; the gateway checks that it comes back the same. */
export const DEMO_PAPAY_PLAN_ID = 10909;
