/**
 * The per-IP SMS limit counts the connection's address (the header server.mjs writes, x-test-peer
 * here), never an address the client names itself; X-Forwarded-For counts only through a proxy
 * listed in TRUST_PROXY. On PGlite and PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as smsCodeRoute } from '@/app/api/v1/auth/sms-code/route';
import { SMS_PER_IP_HOUR } from '@/lib/server/sms/limits';
import { setSmsProvider } from '@/lib/server/sms/provider';
import { call, newPhone, req } from './session';

beforeAll(() => setSmsProvider({ send: async () => {} }));
afterAll(() => setSmsProvider(null));
afterEach(() => {
  delete process.env.TRUST_PROXY;
});

/** Asks for codes for fresh phones, one after another, from `peer` with the headers of `forged(i)`; the result codes. */
async function burst(peer: string, n: number, forged: (i: number) => Record<string, string>): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const { body } = await call(smsCodeRoute, req('POST', '/auth/sms-code', { phone: newPhone() }, { ip: peer, headers: forged(i) }));
    codes.push(body.resultCode);
  }
  return codes;
}

describe('the caller address of the per-IP limit', () => {
  it('ignores X-Real-IP and X-Forwarded-For from a connection that is not a trusted proxy', async () => {
    const codes = await burst('198.51.100.40', SMS_PER_IP_HOUR + 1, (i) => ({ 'x-real-ip': `10.9.8.${i + 1}`, 'x-forwarded-for': `10.7.6.${i + 1}` }));
    expect(codes.slice(0, SMS_PER_IP_HOUR).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('ignores them from 127.0.0.1 too while TRUST_PROXY is unset', async () => {
    const codes = await burst('127.0.0.1', SMS_PER_IP_HOUR + 1, (i) => ({ 'x-forwarded-for': `10.6.5.${i + 1}` }));
    expect(codes.at(-1)).toBe(429);
  });

  it('reads X-Forwarded-For from a trusted proxy, from the right, past the client’s own words', async () => {
    process.env.TRUST_PROXY = '127.0.0.2/32';
    // Each shopper is on its own network behind the proxy: none is limited by the others.
    const distinct = await burst('127.0.0.2', SMS_PER_IP_HOUR + 1, (i) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` }));
    expect(distinct.every((c) => c === 200)).toBe(true);
    // One shopper prepending made-up hops is still one network: the proxy appended its real address.
    const forged = await burst('127.0.0.2', SMS_PER_IP_HOUR + 1, (i) => ({ 'x-forwarded-for': `10.5.4.${i + 1}, 198.51.100.77` }));
    expect(forged.at(-1)).toBe(429);
  });
});
