/** The demo Alipay gateway's answers: signed JSON for API calls, a small HTML page for a browser sent there with a problem. */
import { demoKeys } from '../payments/demo-keys';
import { escapeHtml } from '../http/raw';
import { alipaySign } from './alipay-sign';

/** `{"<method>_response":{…},"sign":"…"}` with the signature over the inner object's exact text. */
function answer(method: string, payload: Record<string, unknown>): Response {
  const inner = JSON.stringify(payload);
  const key = method === 'error' ? 'error_response' : `${method.replaceAll('.', '_')}_response`;
  const sign = alipaySign(inner, demoKeys().alipay.alipayPrivateKey);
  return new Response(`{"${key}":${inner},"sign":"${sign}"}`, { headers: { 'content-type': 'application/json;charset=utf-8' } });
}

export const ok = (method: string, payload: Record<string, unknown>) => answer(method, { code: '10000', msg: 'Success', ...payload });
export const fail = (method: string, code: string, subCode: string, subMsg: string) =>
  answer(method, { code, msg: code === '40004' ? 'Business Failed' : 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg });

export function htmlError(message: string, status = 400): Response {
  return new Response(`<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>支付宝（演示）</title><body><h1>支付宝（演示）</h1><p>${escapeHtml(message)}</p></body></html>`, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}
