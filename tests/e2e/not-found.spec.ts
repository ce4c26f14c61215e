/** (b) Unknown paths answer 404 with the 404 page; crawlers get the status without the page UI. */
import { expect, test } from '@playwright/test';
import { UA } from '../support/user-agents';
import { E2E_BASE_URL as SITE_URL } from './env';

const UNKNOWN = ['/no-such-page', '/proc/99999999', '/quantumDisk/xyz', '/proc/abc', '/proc/010909', '/helpCenter/nope/deeper', '/userStoreProc/no-such-story'];

test.describe('404', () => {
  for (const path of UNKNOWN) {
    test(`${path} answers 404 with the 404 page`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page).toHaveTitle('404 - 页面未找到');
      await expect(page.getByRole('heading', { name: '404 - 页面未找到' })).toBeVisible();
      const home = page.getByRole('link', { name: '返回首页' });
      await expect(home).toBeVisible();
      await expect(home).toHaveAttribute('href', '/');
      await expect(page.locator('img[src*="404"]').first()).toBeVisible();
      const robots = await page.locator('meta[name="robots"]').first().getAttribute('content');
      expect(robots ?? '').toMatch(/noindex/);
    });
  }

  test('the 返回首页 button leads home', async ({ page }) => {
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a crawler gets 404 on /no-such-page without the page UI', async ({ request }) => {
    const res = await request.get('/no-such-page', { headers: { 'user-agent': UA.googlebot } });
    expect(res.status()).toBe(404);
    const body = await res.text();
    expect(body).not.toContain('返回首页');
    expect(body).not.toContain('<html');
  });

  test('a crawler gets 404 on an unknown product without the page UI', async ({ request }) => {
    const res = await request.get('/proc/99999999', { headers: { 'user-agent': UA.baiduspider } });
    expect(res.status()).toBe(404);
    expect(await res.text()).not.toContain('返回首页');
  });

  test('a crawler still gets real pages, with title and canonical in the first HTML', async ({ request }) => {
    const res = await request.get('/proc/10909', { headers: { 'user-agent': UA.googlebot }, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>量盾量子加密耳机 Q1_通话量子加密真无线耳机 - 量盾商城</title>');
    expect(head).toContain(`<link rel="canonical" href="${SITE_URL}/proc/10909"`);
    // Crawlers are never sent to a device variant.
    const variant = await request.get('/OrderDetailPC', { headers: { 'user-agent': UA.googlebotSmartphone }, maxRedirects: 0 });
    expect(variant.status()).toBe(200);
  });
});
