/**
 * Requests signed by the shop's own apps (量子邮箱 …) with a key per app (docs/subscriptions.md#entitlements):
 * HMAC-SHA256 over the method, the path, a timestamp and a nonce. Checked here: the headers' shape, the
 * timestamp within ±5 minutes, the signature in constant time. The nonce's single use is the caller's to
 * record (it owns where nonces are kept), for as long as a timestamp stays acceptable.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors';
import { RESULT } from '../../api/protocol';

export const APP_SIGNATURE_WINDOW_MS = 5 * 60_000;
const APP_HEADERS = { app: 'x-app-id', timestamp: 'x-timestamp', nonce: 'x-nonce', signature: 'x-signature' } as const;

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const APP_ID = /^[a-z][a-z0-9-]{1,31}$/;

/** What an app signs: its request's method, path (no query) and its timestamp and nonce, one per line. */
export function appSignature(key: string, method: string, path: string, timestamp: string, nonce: string): string {
  return createHmac('sha256', key).update(`${method.toUpperCase()}\n${path}\n${timestamp}\n${nonce}`).digest('hex');
}

const refused = (message: string) => new AppError(RESULT.NOT_LOGGED_IN, message);

/**
 * The app and nonce of a correctly signed, fresh request; a 401 envelope otherwise (never saying which
 * part of a well-formed signature was wrong).
 */
export function verifyAppRequest(req: Request, keyOf: (appId: string) => string | null, now = Date.now()): { appId: string; nonce: string } {
  const h = (name: string) => req.headers.get(name)?.trim() ?? '';
  const appId = h(APP_HEADERS.app);
  const timestamp = h(APP_HEADERS.timestamp);
  const nonce = h(APP_HEADERS.nonce);
  const signature = h(APP_HEADERS.signature).toLowerCase();
  if (!appId || !timestamp || !nonce || !signature) throw refused('缺少应用签名');
  if (!APP_ID.test(appId) || !/^\d{10}$/.test(timestamp) || !NONCE.test(nonce) || !/^[0-9a-f]{64}$/.test(signature)) throw refused('应用签名格式不正确');
  if (Math.abs(now - Number(timestamp) * 1000) > APP_SIGNATURE_WINDOW_MS) throw refused('请求时间已过期，请校准时钟后重试');
  const key = keyOf(appId);
  const expected = appSignature(key ?? 'no-such-app', req.method, new URL(req.url).pathname, timestamp, nonce);
  if (!key || !timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(signature, 'hex'))) throw refused('应用签名无效');
  return { appId, nonce };
}
