/**
 * 快递100's protocol (docs/tracking.md#protocol), the same code in both modes: only `kuaidi100Config`
 * knows whether it talks to 快递100 or to the demo carrier under /sandbox/carrier.
 *   subscribe  POST {base}/poll                 schema=json&param={company,number,key,parameters:{callbackurl,salt,resultv2}}
 *   query      POST {base}/poll/query.do        customer&sign=MD5(param+key+customer)&param={com,num,phone?,resultv2}
 *   push       POST callbackurl (from 快递100)  param={status,message,lastResult:{…}}&sign=MD5(param+salt)
 * Every MD5 is upper-case hex.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PROVIDER_HTTP_TIMEOUT_MS } from '../limits';
import { absoluteUrl, shopMode } from '../../site';
import { keptInDataDir } from '../secrets';
import { settings } from '../settings/settings';

export type Kuaidi100Config = {
  key: string;
  customer: string;
  /** One salt for every waybill (KUAIDI100_SALT), or null: each waybill gets its own. */
  salt: string | null;
  baseURL: string;
};

/** Demo mode's key and customer id, made once in DATA_DIR/carrier-sandbox.json (the demo carrier checks them). */
type DemoCarrierKeys = { key: string; customer: string };

let demoCached: DemoCarrierKeys | null = null;

export function demoCarrierKeys(): DemoCarrierKeys {
  const make = () => JSON.stringify({ key: randomBytes(8).toString('hex'), customer: randomBytes(16).toString('hex').toUpperCase() }, null, 2);
  demoCached ??= JSON.parse(keptInDataDir('carrier-sandbox.json', make)) as DemoCarrierKeys;
  return demoCached;
}

/** A live setting; the start refuses live mode without it (lib/server/settings). */
function required(name: 'KUAIDI100_KEY' | 'KUAIDI100_CUSTOMER'): string {
  const value = settings()[name];
  if (!value) throw new Error(`SHOP_MODE=live needs ${name}`);
  return value;
}

export function kuaidi100Config(): Kuaidi100Config {
  if (shopMode() === 'live') {
    return {
      key: required('KUAIDI100_KEY'),
      customer: required('KUAIDI100_CUSTOMER'),
      salt: settings().KUAIDI100_SALT || null,
      baseURL: settings().KUAIDI100_BASE_URL.replace(/\/+$/, ''),
    };
  }
  const k = demoCarrierKeys();
  return { key: k.key, customer: k.customer, salt: null, baseURL: absoluteUrl('/sandbox/carrier') };
}

/** Where 快递100 pushes a waybill's events: our callback route. */
const callbackUrl = () => absoluteUrl('/api/v1/carrier/notify/kuaidi100');

const md5Upper = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();

/** A push's sign: MD5(param + salt), upper case. */
export const pushSign = (param: string, salt: string) => md5Upper(param + salt);

/** A real-time query's sign: MD5(param + key + customer), upper case. */
export const querySign = (param: string, key: string, customer: string) => md5Upper(param + key + customer);

/** Compares two signs in constant time (a wrong length is simply unequal). */
export function signsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a.toUpperCase(), 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A fresh per-waybill salt. */
export const newSalt = () => randomBytes(16).toString('hex');

/** One event as 快递100 sends it (resultv2=1 adds areaName, status and statusCode). */
type CarrierEvent = { time?: string; ftime?: string; context?: string; areaName?: string; status?: string; statusCode?: string };

/** lastResult of a push, and the answer of a real-time query. */
export type CarrierResult = { message?: string; state?: string; status?: string; ischeck?: string; com?: string; nu?: string; data?: CarrierEvent[] };

/** A push's param. */
export type CarrierPush = { status?: string; message?: string; lastResult?: CarrierResult };

/** 快递100's answer to a subscription, and what our callback answers a push. */
export type CarrierReply = { result: boolean; returnCode: string; message: string };

async function postForm(url: string, fields: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(PROVIDER_HTTP_TIMEOUT_MS),
  });
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`快递100 answered ${res.status}: ${text.slice(0, 120)}`);
  }
}

/**
 * Subscribes a waybill (`to`: the destination city, which 快递100 uses to judge the route). Resolves when
 * 快递100 took it: returnCode 200, or 501 (already subscribed, so a second try after a lost answer is
 * fine); throws otherwise, and the outbox tries again.
 */
export async function subscribeWaybill(w: { company: string; number: string; salt: string; from: string; to: string }): Promise<void> {
  const c = kuaidi100Config();
  const param = JSON.stringify({
    company: w.company,
    number: w.number,
    from: w.from,
    to: w.to,
    key: c.key,
    parameters: { callbackurl: callbackUrl(), salt: w.salt, resultv2: '1' },
  });
  const answer = (await postForm(`${c.baseURL}/poll`, { schema: 'json', param })) as Partial<CarrierReply>;
  if (answer.returnCode === '200' || answer.returnCode === '501') return;
  throw new Error(`快递100 refused the subscription: ${answer.returnCode} ${answer.message ?? ''}`);
}

/** The real-time query of a waybill: its result, or throws (unknown number, bad sign, network). */
export async function queryWaybill(w: { company: string; number: string; to: string }): Promise<CarrierResult> {
  const c = kuaidi100Config();
  const param = JSON.stringify({ com: w.company, num: w.number, to: w.to, resultv2: '1' });
  const answer = (await postForm(`${c.baseURL}/poll/query.do`, { customer: c.customer, sign: querySign(param, c.key, c.customer), param })) as CarrierResult & Partial<CarrierReply>;
  if (answer.message !== 'ok' || !Array.isArray(answer.data)) throw new Error(`快递100 query failed: ${answer.returnCode ?? ''} ${answer.message ?? ''}`);
  return answer;
}
