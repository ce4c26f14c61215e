/** A shopper's subscription in the e2e specs: the API read through the page's session, and a paid, activated 量子邮箱 个人版. */
import { expect, type Page } from '@playwright/test';
import { firstSkuId, payOrderInDemo, placeOrder } from './pay';

const MAIL = 10920;
const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

export type Sub = { id: number; endsAt: string; state: string; stateLabel: string; codes: { code: string }[] };

export async function api<T>(page: Page, method: 'GET' | 'POST', path: string): Promise<T> {
  const res = method === 'GET' ? await page.request.get(`/api/v1${path}`) : await page.request.post(`/api/v1${path}`, { headers: XRW, data: {} });
  const body = (await res.json()) as { resultCode: number; message: string; data: T };
  expect(body.resultCode, body.message).toBe(200);
  return body.data;
}

/** A paid, activated 量子邮箱 个人版 of the logged-in shopper. */
export async function activeSubscription(page: Page): Promise<Sub> {
  const orderNo = await placeOrder(page, await firstSkuId(page, MAIL));
  await payOrderInDemo(page, orderNo);
  const [s] = (await api<{ items: Sub[] }>(page, 'GET', '/subscriptions')).items;
  await api(page, 'POST', `/licenses/${s.codes[0].code}/activate`);
  return api<Sub>(page, 'GET', `/subscriptions/${s.id}`);
}
