/**
 * Sending SMS. Demo mode sends nothing (the code comes back as devCode); live mode posts to the
 * provider configured by SMS_WEBHOOK_URL (+ SMS_WEBHOOK_TOKEN) — a gateway that speaks
 * { phone, template, params } JSON, which is how Aliyun/Tencent SMS relays are usually fronted, with an
 * Idempotency-Key header on messages that may be sent again (the relay keeps one per key; Aliyun's
 * OutId serves the same purpose).
 */
import { appendFileSync } from 'node:fs';
import { SMS_HTTP_TIMEOUT_MS } from './limits';
import type { MessageKind } from '../../domain/messages';
import { countSms } from '../metrics/metrics.mjs';
import { shopMode } from '../../site';
import { log } from '../log';
import { maskPhone } from '../../validation/phone';
import { settings } from '../settings/settings';

export type SmsMessage =
  | { phone: string; template: 'login_code'; params: { code: string; minutes: number } }
  /** 设置/修改登录密码 by a logged-in shopper. */
  | { phone: string; template: 'password_code'; params: { code: string; minutes: number } }
  /** 注销账号: the code that confirms it (docs/privacy.md#deregistration). */
  | { phone: string; template: 'deregister_code'; params: { code: string; minutes: number } }
  /**
   * A 消息中心 message sent by SMS as well (docs/messages.md#sms): the template is the message's kind
   * and the params are its own (e.g. after_sale_refunded: afterSaleNo and the amount in yuan).
   */
  | { phone: string; template: MessageKind; params: Record<string, string> };

export interface SmsProvider {
  /**
   * `key` names the message for the gateway: a message sent again under the same key (an outbox
   * event delivered twice after a crash, docs/outbox.md#delivery) is one SMS on the phone.
   */
  send(message: SmsMessage, key?: string): Promise<void>;
}

class DemoSms implements SmsProvider {
  async send(m: SmsMessage, key?: string) {
    log.info({ phone: maskPhone(m.phone), template: m.template, key }, 'demo sms (not sent)');
    // The fault test counts the SMS each event sent, by key, in this file written at once
    // (scripts/fault/books/messages.mjs). Never set in production.
    const deliveryLog = settings().SMS_DELIVERY_LOG;
    if (deliveryLog) appendFileSync(deliveryLog, `${key ?? '-'} ${m.template} ${process.pid}\n`);
  }
}

class WebhookSms implements SmsProvider {
  constructor(
    private url: string,
    private token: string | undefined,
  ) {}
  async send(m: SmsMessage, key?: string) {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(m),
      signal: AbortSignal.timeout(SMS_HTTP_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`sms provider answered ${res.status}`);
    log.info({ phone: maskPhone(m.phone), template: m.template, key }, 'sms sent');
  }
}

let provider: SmsProvider | null = null;

function chosenProvider(): SmsProvider {
  if (provider) return provider;
  if (shopMode() === 'demo') return (provider = new DemoSms());
  // Checked at start (lib/server/settings): live mode does not start without it.
  const { SMS_WEBHOOK_URL: url, SMS_WEBHOOK_TOKEN: token } = settings();
  if (!url) throw new Error('SHOP_MODE=live needs SMS_WEBHOOK_URL');
  return (provider = new WebhookSms(url, token));
}

/** What every caller sends through: the chosen provider, each message counted sent or failed (docs/metrics.md). */
const counted: SmsProvider = {
  async send(m, key) {
    try {
      await chosenProvider().send(m, key);
    } catch (err) {
      countSms(m.template, 'failed');
      throw err;
    }
    countSms(m.template, 'sent');
  },
};

export function smsProvider(): SmsProvider {
  chosenProvider(); // a live shop without its gateway fails here, as before
  return counted;
}

/** Tests install a recording provider. */
export function setSmsProvider(p: SmsProvider | null): void {
  provider = p;
}
