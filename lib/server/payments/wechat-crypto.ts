/**
 * WeChat Pay API v3's cryptography, shared by our verifier and the demo gateway:
 *   signature = base64(SHA256-RSA(`${timestamp}\n${nonce}\n${body}\n`)) with the platform key,
 *   resource  = AEAD_AES_256_GCM(APIv3 key, nonce, associated_data), base64(ciphertext ‖ 16-byte tag).
 * Built on wechatpay-axios-plugin's Rsa, Formatter and Aes, the same primitives its HTTP client uses.
 */
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';

/**
 * A PEM parsed once: Rsa.from builds a KeyObject from the text on every call, which cost more CPU per
 * paid order than the signature itself (docs/decisions/checkout-speed.md). The keys are a handful.
 */
const parsedKeys = new Map<string, ReturnType<typeof Rsa.from>>();
export function rsaKey(pem: string, type: typeof Rsa.KEY_TYPE_PRIVATE | typeof Rsa.KEY_TYPE_PUBLIC): ReturnType<typeof Rsa.from> {
  const id = `${type}:${pem}`;
  let key = parsedKeys.get(id);
  if (!key) parsedKeys.set(id, (key = Rsa.from(pem, type)));
  return key;
}

export type WechatResource = {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  original_type?: string;
  nonce: string;
};

export type SignedHeaders = {
  'Wechatpay-Timestamp': string;
  'Wechatpay-Nonce': string;
  'Wechatpay-Serial': string;
  'Wechatpay-Signature': string;
};

/** Signs an answer or a notification body the way WeChat Pay does (the demo gateway's side). */
export function signWechatBody(body: string, privateKeyPem: string, serial: string, now = Date.now()): SignedHeaders {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = Formatter.nonce();
  const signature = Rsa.sign(Formatter.response(timestamp, nonce, body), rsaKey(privateKeyPem, Rsa.KEY_TYPE_PRIVATE));
  return { 'Wechatpay-Timestamp': timestamp, 'Wechatpay-Nonce': nonce, 'Wechatpay-Serial': serial, 'Wechatpay-Signature': signature };
}

/** Verifies a signature over timestamp, nonce and body; false on any malformed input. */
export function verifyWechatBody(input: { timestamp: string; nonce: string; body: string; signature: string; publicKeyPem: string }): boolean {
  try {
    return Rsa.verify(Formatter.response(input.timestamp, input.nonce, input.body), input.signature, rsaKey(input.publicKeyPem, Rsa.KEY_TYPE_PUBLIC));
  } catch {
    return false;
  }
}

export function encryptWechatResource(plaintext: string, apiV3Key: string, associatedData: string, originalType: string): WechatResource {
  const nonce = Formatter.nonce(12);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: Aes.AesGcm.encrypt(plaintext, apiV3Key, nonce, associatedData),
    associated_data: associatedData,
    original_type: originalType,
    nonce,
  };
}

/** Decrypts a notification resource; throws when the tag does not match (tampered or wrong key). */
export function decryptWechatResource(resource: WechatResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${resource.algorithm}`);
  return Aes.AesGcm.decrypt(resource.ciphertext, apiV3Key, resource.nonce, resource.associated_data ?? '');
}

/** The Authorization header of a merchant request: WECHATPAY2-SHA256-RSA2048 mchid="…",serial_no="…",… */
export function parseAuthorization(header: string | null): Record<string, string> | null {
  const m = /^WECHATPAY2-SHA256-RSA2048\s+(.+)$/.exec(header ?? '');
  if (!m) return null;
  const out: Record<string, string> = {};
  for (const part of m[1].matchAll(/(\w+)="([^"]*)"/g)) out[part[1]] = part[2];
  return out.mchid && out.serial_no && out.timestamp && out.nonce_str && out.signature ? out : null;
}

/** Verifies a merchant request's signature over method, path+query, timestamp, nonce and body. */
export function verifyMerchantRequest(input: { method: string; pathAndQuery: string; body: string; auth: Record<string, string>; publicKeyPem: string }): boolean {
  try {
    const message = Formatter.request(input.method.toUpperCase(), input.pathAndQuery, input.auth.timestamp, input.auth.nonce_str, input.body);
    return Rsa.verify(message, input.auth.signature, rsaKey(input.publicKeyPem, Rsa.KEY_TYPE_PUBLIC));
  } catch {
    return false;
  }
}
