/**
 * The shoppers: FAULT_SHOPPERS customers who log in by demo SMS code and save an address, each from its
 * own loopback address (scripts/fault/http.mjs) so the per-IP limits do not throttle the load; one walks every checkout
 * path once to warm the server up, then all loop on checkouts until the kill.
 */
import { randomInt } from 'node:crypto';
import { SHOPPERS, sleep } from './config.mjs';
import { NO_FAULTS, checkout } from './checkout.mjs';
import { NetError, call } from './http.mjs';
import { killed, noteNetError } from './record.mjs';

async function signUp(i) {
  const phone = `137${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const ip = `10.88.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const sms = await call('POST', '/auth/sms-code', { ip, body: { phone } });
  if (sms.json?.resultCode !== 200) throw new Error(`sms-code: ${sms.status} ${sms.text.slice(0, 200)}`);
  const login = await call('POST', '/auth/login', { ip, body: { phone, code: sms.json.data.devCode, agree: true } });
  if (login.json?.resultCode !== 200) throw new Error(`login: ${login.status} ${login.text.slice(0, 200)}`);
  const s = { i, phone, ip, token: login.json.data.token, n: 0 };
  const addr = await call('POST', '/addresses', {
    token: s.token,
    ip,
    body: { name: `顾客${i}`, tel: phone, province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '340104', addressDetail: `望江西路 ${800 + i} 号`, isDefault: true },
  });
  if (addr.json?.resultCode !== 200) throw new Error(`address: ${addr.status} ${addr.text.slice(0, 200)}`);
  s.addressId = addr.json.data.id;
  return s;
}

/** @returns {Promise<object[]>} the shoppers, logged in, each with a default address */
export const signUpShoppers = () => Promise.all(Array.from({ length: SHOPPERS }, (_, i) => signUp(i)));

/** A cold server compiles each route on its first request: one shopper walks every path once first. */
export async function warmUp(s) {
  const plans = [
    NO_FAULTS,
    { ...NO_FAULTS, cancelFirst: true },
    { ...NO_FAULTS, drop: true, cancelAfterDrop: true },
    { ...NO_FAULTS, double: true, drop: true },
    { ...NO_FAULTS, afterSale: true },
    { ...NO_FAULTS, afterSale: true, cancelPaid: true },
    { ...NO_FAULTS, renew: true },
  ];
  for (const plan of plans) {
    await checkout(s, plan);
  }
}

/** Checkouts one after another until the kill; a failed connection is counted and the next checkout begins. */
export async function shopperLoop(s) {
  while (!killed.done) {
    try {
      await checkout(s);
    } catch (err) {
      if (!(err instanceof NetError)) throw err;
      noteNetError(err);
      if (killed.done) return;
      await sleep(100);
    }
  }
}
