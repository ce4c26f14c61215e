/**
 * The providers' cryptography against vectors made here with node:crypto alone:
 * WeChat Pay's response/notification signature and AEAD_AES_256_GCM resource, and Alipay's RSA2
 * signature of sorted fields (cross-checked with alipay-sdk's own checkNotifySignV2).
 */
import { createCipheriv, createSign, generateKeyPairSync } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { describe, expect, it } from 'vitest';
import { alipayTime, parseAlipayTime, rfc3339Beijing } from '@/lib/server/payments/beijing-time';
import { alipaySign, alipaySignContent, alipaySignFields, alipayVerify } from '@/lib/server/payment-sandbox/alipay-sign';
import { decryptWechatResource, encryptWechatResource, parseAuthorization, signWechatBody, verifyWechatBody } from '@/lib/server/payments/wechat-crypto';
import { fenToYuanString, yuanStringToFen } from '@/lib/domain/money';

const pair = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });

describe('WeChat Pay v3', () => {
  const platform = pair();
  const other = pair();

  it('verifies a signature made by node:crypto over "timestamp\\nnonce\\nbody\\n"', () => {
    const body = '{"id":"EV-2018022511223320873","event_type":"TRANSACTION.SUCCESS"}';
    const signature = createSign('RSA-SHA256').update(`1700000000\nNONCE123\n${body}\n`).sign(platform.privateKey, 'base64');
    expect(verifyWechatBody({ timestamp: '1700000000', nonce: 'NONCE123', body, signature, publicKeyPem: platform.publicKey })).toBe(true);
    expect(verifyWechatBody({ timestamp: '1700000001', nonce: 'NONCE123', body, signature, publicKeyPem: platform.publicKey })).toBe(false);
    expect(verifyWechatBody({ timestamp: '1700000000', nonce: 'NONCE123', body: body + ' ', signature, publicKeyPem: platform.publicKey })).toBe(false);
    expect(verifyWechatBody({ timestamp: '1700000000', nonce: 'NONCE123', body, signature, publicKeyPem: other.publicKey })).toBe(false);
    expect(verifyWechatBody({ timestamp: '1700000000', nonce: 'NONCE123', body, signature: 'not base64 at all', publicKeyPem: platform.publicKey })).toBe(false);
  });

  it('signs what it verifies, with the serial it was given', () => {
    const headers = signWechatBody('{"a":1}', platform.privateKey, 'PUB_KEY_ID_X', 1_700_000_000_000);
    expect(headers['Wechatpay-Timestamp']).toBe('1700000000');
    expect(headers['Wechatpay-Serial']).toBe('PUB_KEY_ID_X');
    expect(headers['Wechatpay-Nonce']).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(verifyWechatBody({ timestamp: headers['Wechatpay-Timestamp'], nonce: headers['Wechatpay-Nonce'], body: '{"a":1}', signature: headers['Wechatpay-Signature'], publicKeyPem: platform.publicKey })).toBe(true);
  });

  it('decrypts an AEAD_AES_256_GCM resource made with node:crypto, and refuses a tampered one', () => {
    const key = '0123456789abcdef0123456789abcdef';
    const nonce = 'abcdefghijkl';
    const plaintext = JSON.stringify({ out_trade_no: '2026112312000012345678', amount: { total: 129900 } });
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce)).setAAD(Buffer.from('transaction'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const resource = { algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce };
    expect(decryptWechatResource(resource, key)).toBe(plaintext);
    expect(() => decryptWechatResource({ ...resource, associated_data: 'refund' }, key)).toThrow();
    expect(() => decryptWechatResource(resource, 'fedcba9876543210fedcba9876543210')).toThrow();
    const bytes = Buffer.from(ciphertext, 'base64');
    bytes[3] ^= 1;
    expect(() => decryptWechatResource({ ...resource, ciphertext: bytes.toString('base64') }, key)).toThrow();
    expect(() => decryptWechatResource({ ...resource, algorithm: 'AES-CBC' }, key)).toThrow();
    // And our encryptor round-trips.
    expect(decryptWechatResource(encryptWechatResource(plaintext, key, 'transaction', 'transaction'), key)).toBe(plaintext);
  });

  it('reads the merchant Authorization header', () => {
    const a = parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="1900009191",serial_no="ABC",timestamp="1700000000",nonce_str="N",signature="S=="');
    expect(a).toEqual({ mchid: '1900009191', serial_no: 'ABC', timestamp: '1700000000', nonce_str: 'N', signature: 'S==' });
    expect(parseAuthorization('Bearer x')).toBeNull();
    expect(parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="1"')).toBeNull();
  });
});

describe('Alipay RSA2', () => {
  const ali = pair();
  const app = pair();

  it('signs the sorted raw fields; notifications leave out sign and sign_type', () => {
    const fields = { b: '2', a: '1 & 中文', sign_type: 'RSA2', sign: 'x' };
    expect(alipaySignContent(fields, 'request')).toBe('a=1 & 中文&b=2&sign_type=RSA2');
    expect(alipaySignContent(fields, 'notify')).toBe('a=1 & 中文&b=2');
    const expected = createSign('RSA-SHA256').update('a=1 & 中文&b=2', 'utf8').sign(ali.privateKey, 'base64');
    expect(alipaySign('a=1 & 中文&b=2', ali.privateKey)).toBe(expected);
    expect(alipayVerify('a=1 & 中文&b=2', expected, ali.publicKey)).toBe(true);
    expect(alipayVerify('a=1 & 中文&b=3', expected, ali.publicKey)).toBe(false);
  });

  it('what the demo gateway signs passes alipay-sdk checkNotifySignV2, and a changed field does not', () => {
    const sdk = new AlipaySdk({ appId: '9021000000000001', privateKey: app.privateKey, keyType: 'PKCS8', alipayPublicKey: ali.publicKey });
    const signed = alipaySignFields(
      { notify_id: 'n1', app_id: '9021000000000001', out_trade_no: '2026112312000012345678', trade_status: 'TRADE_SUCCESS', total_amount: '1299.00', subject: '量盾 Q1 耳机', sign_type: 'RSA2' },
      ali.privateKey,
      'notify',
    );
    expect(sdk.checkNotifySignV2(signed)).toBe(true);
    expect(sdk.checkNotifySignV2({ ...signed, total_amount: '0.01' })).toBe(false);
    const stranger = pair();
    expect(sdk.checkNotifySignV2(alipaySignFields({ notify_id: 'n1', total_amount: '1299.00' }, stranger.privateKey, 'notify'))).toBe(false);
  });
});

describe('amounts and times', () => {
  it('fen ↔ yuan strings are exact', () => {
    expect(fenToYuanString(129_900)).toBe('1299.00');
    expect(fenToYuanString(1)).toBe('0.01');
    expect(yuanStringToFen('1299.00')).toBe(129_900);
    expect(yuanStringToFen('0.1')).toBe(10);
    expect(yuanStringToFen('19.99')).toBe(1_999);
    for (const bad of ['', '1.999', '-1.00', '1e3', ' 1.00', '1,299.00', undefined, null]) expect(yuanStringToFen(bad)).toBeNull();
  });

  it('Beijing time for the providers', () => {
    const d = new Date('2026-11-23T10:30:00Z');
    expect(rfc3339Beijing(d)).toBe('2026-11-23T18:30:00+08:00');
    expect(alipayTime(d)).toBe('2026-11-23 18:30:00');
    expect(parseAlipayTime('2026-11-23 18:30:00')?.toISOString()).toBe(d.toISOString());
    expect(parseAlipayTime('yesterday')).toBeNull();
  });
});
