/**
 * 快递100's 商家寄件 (上门取件) protocol (docs/tracking.md#pickup-protocol), the same code in both modes: only
 * `borderConfig` knows whether it talks to 快递100 or to the demo carrier under /sandbox/carrier.
 *   book      POST {base}/order/borderapi.do   method=bOrder&key&t&sign=MD5(param+t+key+secret)&param={kuaidicom,recMan…,sendMan…,callBackUrl,salt,dayType,pickupStartTime,pickupEndTime,…}
 *   cancel    POST {base}/order/borderapi.do   method=cancel&key&t&sign&param={taskId,orderId,cancelMsg}
 *   callback  POST callBackUrl (from 快递100)  taskId&sign=MD5(param+salt)&param={kuaidicom,kuaidinum,status,message,data:{orderId,status,courierName,courierMobile,freight,…}}
 * Every MD5 is upper-case hex; `t` is the caller's time in milliseconds.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PROVIDER_HTTP_TIMEOUT_MS } from '../limits';
import { absoluteUrl, shopMode } from '../../site';
import { keptInDataDir } from '../secrets';
import { settings } from '../settings/settings';
import { demoCarrierKeys, signsEqual } from './kuaidi100';

type BorderConfig = { key: string; secret: string; baseURL: string };

let demoSecret: string | null = null;

/** Demo mode's 商家寄件 secret, made once in DATA_DIR/carrier-sandbox-border.json (the demo carrier checks it). */
export function demoBorderSecret(): string {
  demoSecret ??= (JSON.parse(keptInDataDir('carrier-sandbox-border.json', () => JSON.stringify({ secret: randomBytes(16).toString('hex') }, null, 2))) as { secret: string }).secret;
  return demoSecret;
}

function borderConfig(): BorderConfig {
  if (shopMode() === 'live') {
    const s = settings();
    if (!s.KUAIDI100_KEY || !s.KUAIDI100_SECRET) throw new Error('SHOP_MODE=live needs KUAIDI100_KEY and KUAIDI100_SECRET');
    return { key: s.KUAIDI100_KEY, secret: s.KUAIDI100_SECRET, baseURL: s.KUAIDI100_BASE_URL.replace(/\/+$/, '') };
  }
  return { key: demoCarrierKeys().key, secret: demoBorderSecret(), baseURL: absoluteUrl('/sandbox/carrier') };
}

/** Where 快递100 tells the shop about a 上门取件 order: our callback route. */
const callbackUrl = () => absoluteUrl('/api/v1/carrier/notify/kuaidi100-border');

const md5Upper = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();

/** A 商家寄件 request's sign: MD5(param + t + key + secret), upper case. */
export const borderSign = (param: string, t: string, key: string, secret: string) => md5Upper(param + t + key + secret);

/** A 商家寄件 callback's sign: MD5(param + salt), upper case (the salt the booking sent). */
export const borderCallbackSign = (param: string, salt: string) => md5Upper(param + salt);

/** 快递100's answer to bOrder and cancel. */
export type BorderReply = { result: boolean; returnCode: string; message: string; data?: { taskId?: string; orderId?: string; kuaidinum?: string } };

/** A callback's param: the waybill once known, and the order's state with the courier. */
export type BorderCallback = {
  kuaidicom?: string;
  kuaidinum?: string;
  status?: string;
  message?: string;
  data?: { orderId?: string; status?: string | number; cancelMsg?: string; courierName?: string; courierMobile?: string; freight?: string; weight?: string };
};

/** The order states a callback reports (data.status), as the shop reads them; others (在途, 签收 …) are the tracking's business. */
export const BORDER_STATUS = { booked: ['0'], assigned: ['1', '2'], collected: ['10'], cancelled: ['9', '99'], failed: ['11', '610'] } as const;

async function call(method: 'bOrder' | 'cancel', param: string): Promise<BorderReply> {
  const c = borderConfig();
  const t = String(Date.now());
  const res = await fetch(`${c.baseURL}/order/borderapi.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams({ method, key: c.key, t, sign: borderSign(param, t, c.key, c.secret), param }).toString(),
    signal: AbortSignal.timeout(PROVIDER_HTTP_TIMEOUT_MS),
  });
  const text = await res.text();
  try {
    return JSON.parse(text) as BorderReply;
  } catch {
    throw new Error(`快递100 answered ${res.status}: ${text.slice(0, 120)}`);
  }
}

type Person = { name: string; mobile: string; printAddr: string };

/**
 * Books a courier (bOrder): from `sender` (the shopper) to `recipient` (the warehouse) in the slot
 * (dayType 今天/明天, HH:mm–HH:mm), paid by the sender (SHIPPER: 快递100 takes no 到付 here). Answers the
 * task and order ids, or throws with 快递100's message (a refusal) or the network's.
 */
export async function bookPickupAtCarrier(p: {
  company: string;
  sender: Person;
  recipient: Person;
  cargo: string;
  salt: string;
  dayType: '今天' | '明天';
  start: string;
  end: string;
  remark: string;
}): Promise<{ taskId: string; orderId: string }> {
  const param = JSON.stringify({
    kuaidicom: p.company,
    recManName: p.recipient.name,
    recManMobile: p.recipient.mobile,
    recManPrintAddr: p.recipient.printAddr,
    sendManName: p.sender.name,
    sendManMobile: p.sender.mobile,
    sendManPrintAddr: p.sender.printAddr,
    callBackUrl: callbackUrl(),
    cargo: p.cargo,
    payment: 'SHIPPER',
    serviceType: '标准快递',
    weight: '1',
    remark: p.remark,
    salt: p.salt,
    dayType: p.dayType,
    pickupStartTime: p.start,
    pickupEndTime: p.end,
    op: '0',
    resultv2: '1',
  });
  const answer = await call('bOrder', param);
  if (answer.returnCode === '200' && answer.data?.taskId && answer.data.orderId) return { taskId: answer.data.taskId, orderId: answer.data.orderId };
  throw new PickupRefused(answer.message || `快递100 refused the booking: ${answer.returnCode}`);
}

/** 快递100 said no (its message is for the shopper), as opposed to a network failure. */
export class PickupRefused extends Error {}

/** Cancels a booking before the courier collects; throws PickupRefused when 快递100 will not (collected already). */
export async function cancelPickupAtCarrier(p: { taskId: string; orderId: string; reason: string }): Promise<void> {
  const answer = await call('cancel', JSON.stringify({ taskId: p.taskId, orderId: p.orderId, cancelMsg: p.reason }));
  if (answer.returnCode !== '200') throw new PickupRefused(answer.message || `快递100 refused the cancel: ${answer.returnCode}`);
}

/** Whether a callback's sign is MD5(param + salt) of the booking it names. */
export const callbackSignedBy = (param: string, sign: string, salt: string) => signsEqual(sign, borderCallbackSign(param, salt));
