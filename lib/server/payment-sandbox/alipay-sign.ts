/**
 * Alipay's RSA2 signature over form fields: the fields sorted by name, `k=v` joined with `&`, raw
 * (not URL-encoded), SHA256withRSA, base64. Requests sign every field but `sign`; notifications and
 * return parameters sign every field but `sign` and `sign_type` (the provider's own rules).
 */
import { createSign, createVerify } from 'node:crypto';

export function alipaySignContent(fields: Record<string, string>, kind: 'request' | 'notify'): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && (kind === 'request' || k !== 'sign_type'))
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function alipaySign(content: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKeyPem, 'base64');
}

export function alipayVerify(content: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

export function alipaySignFields(fields: Record<string, string>, privateKeyPem: string, kind: 'request' | 'notify'): Record<string, string> {
  return { ...fields, sign: alipaySign(alipaySignContent(fields, kind), privateKeyPem) };
}
