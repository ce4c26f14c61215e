/** (c) Device variants keep the query; /ProductDetail?id= is a 308; the mail host goes to /quantumMail. */
import http from 'node:http';
import { expect, test } from '@playwright/test';
import type { Device } from '../../lib/web/device';
import { variantFor } from '../../lib/domain/screens';
import { ROUTES } from '../../lib/seo/routes';
import { E2E_BASE_URL, E2E_PORT, MAIL_HOST } from './env';

function deviceOf(name: string): Device {
  return name === 'mobile' ? 'mobile' : 'desktop';
}

test.describe('device variants', () => {
  test('desktop: /CreateOrder?skuId=1&quantity=2 lands on /OrderSettlePC with the query', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'desktop only');
    await page.goto('/CreateOrder?skuId=1&quantity=2');
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe('/OrderSettlePC?skuId=1&quantity=2');
  });

  test('desktop: /User lands on /personalCenter/PersonalInfo', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'desktop only');
    await page.goto('/User');
    expect(new URL(page.url()).pathname).toBe('/personalCenter/PersonalInfo');
  });

  test('mobile: /OrderDetailPC?orderNo=X lands on /OrderDetail?orderNo=X', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'mobile only');
    await page.goto('/OrderDetailPC?orderNo=X');
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe('/OrderDetail?orderNo=X');
  });

  test("every other-device path redirects to this device's variant, keeping the query", async ({ request }, testInfo) => {
    const device = deviceOf(testInfo.project.name);
    const query = '?orderNo=LD2024%E4%B8%AD&x=1&x=2';
    let checked = 0;
    for (const path of Object.keys(ROUTES)) {
      const target = variantFor(path, device);
      if (!target) continue;
      const res = await request.get(path + query, { maxRedirects: 0 });
      expect([302, 303, 307, 308], `${path} status`).toContain(res.status());
      const loc = new URL(res.headers()['location'] ?? '', E2E_BASE_URL);
      expect(loc.pathname + loc.search, path).toBe(target + query);
      expect(loc.origin).toBe(E2E_BASE_URL);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  test('paths of this device are not redirected', async ({ request }, testInfo) => {
    const device = deviceOf(testInfo.project.name);
    for (const path of Object.keys(ROUTES)) {
      if (variantFor(path, device) || path === '/404') continue;
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
    }
  });
});

test.describe('other redirects', () => {
  test('/ProductDetail?id=10909 answers 308 to /proc/10909', async ({ request }) => {
    const res = await request.get('/ProductDetail?id=10909', { maxRedirects: 0 });
    expect(res.status()).toBe(308);
    expect(new URL(res.headers()['location'] ?? '', E2E_BASE_URL).pathname).toBe('/proc/10909');
  });

  test('/ProductDetail without a usable id is its own page', async ({ request }) => {
    for (const q of ['', '?id=', '?id=abc']) {
      const res = await request.get(`/ProductDetail${q}`, { maxRedirects: 0 });
      expect(res.status(), q).toBe(200);
    }
  });

  test(`Host: ${MAIL_HOST} on / redirects to /quantumMail`, async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'device-independent: once is enough');
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: E2E_PORT, path: '/', method: 'GET', headers: { host: MAIL_HOST } }, resolve);
      req.on('error', reject);
      req.end();
    });
    res.resume();
    expect([302, 303, 307, 308]).toContain(res.statusCode);
    expect(new URL(res.headers.location ?? '', `http://${MAIL_HOST}`).pathname).toBe('/quantumMail');
  });
});
