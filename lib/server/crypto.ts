import { createHash, createHmac, randomInt, randomBytes, timingSafeEqual } from 'node:crypto';
import { appSecret } from './secrets';

/** Opaque random token (cookies, sessions): 32 bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored only as this hash. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Short codes (SMS) are stored as an HMAC with the server secret: a 6-digit space is too small for a bare hash. */
export function hmac(value: string): string {
  return createHmac('sha256', appSecret()).update(value).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** n random decimal digits from the CSPRNG (payment, refund and demo trade numbers). */
export function randomDigits(n: number): string {
  return Array.from({ length: n }, () => randomInt(0, 10)).join('');
}
