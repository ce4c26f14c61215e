/**
 * The operator console. Only operators reach /admin (everyone else gets the 404 page);
 * an operator's price change is on /proc/{id} and /ProductList on the very next request (the
 * cached page is revalidated by tag). The operator (OPERATORS.console) is made by the e2e server
 * with admin:create before the shop starts.
 */
import { expect, test, type Page } from '@playwright/test';
import { OPERATORS } from './env';
import { loginInForm, newPhone } from './login';

test.skip(({ isMobile }) => isMobile, 'the operator console is a desktop tool');

async function logIn(page: Page, phone: string) {
  await page.goto('/');
  await page.locator('header.site-header').getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  await loginInForm(dialog, phone);
  await expect(page.locator('header.site-header').getByRole('button', { name: '退出登录' })).toBeVisible();
}

async function expect404(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(404);
  await expect(page).toHaveTitle('404 - 页面未找到');
  await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
  await expect(page.getByText('运营后台')).toHaveCount(0);
}

test('anonymous visitors and shoppers get the 404 page for every console page; the admin API says 403', async ({ page }) => {
  for (const path of ['/admin', '/admin/orders', '/admin/products/10909']) await expect404(page, path);
  await logIn(page, newPhone());
  for (const path of ['/admin', '/admin/invoices', '/admin/audit']) await expect404(page, path);
  const api = await page.request.get('/api/v1/admin/dashboard');
  expect(api.status()).toBe(403);
  expect((await api.json()).message).toBe('没有权限');
});

test('an operator changes a price in the console: /proc/{id} and /ProductList show it on the next request', async ({ page }) => {
  // the product page is rendered and cached first, with the seed price
  await page.goto('/proc/10916');
  await expect(page.getByText('¥699.00').first()).toBeVisible();

  await logIn(page, OPERATORS.console);
  const res = await page.goto('/admin');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '概览' })).toBeVisible();
  expect(await page.locator('meta[name="robots"]').first().getAttribute('content')).toMatch(/noindex/);

  const nav = page.getByRole('navigation', { name: '运营后台' });
  await nav.getByRole('link', { name: '商品' }).click();
  await expect(page.getByRole('heading', { name: '商品' })).toBeVisible();
  await page.goto('/admin/products/10916');
  const sku = page.getByRole('form', { name: '规格 500GB' });
  await sku.getByLabel('售价（元）').fill('666.00');
  await sku.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('「500GB」已保存')).toBeVisible();

  await page.goto('/proc/10916');
  await expect(page.getByText('¥666.00').first()).toBeVisible();
  await page.goto('/ProductList');
  await expect(page.getByText('¥666.00').first()).toBeVisible();

  // the change is in the audit log, then put the price back
  await page.goto('/admin/audit');
  await expect(page.getByRole('cell', { name: '修改规格价格库存' }).first()).toBeVisible();
  await page.goto('/admin/products/10916');
  const again = page.getByRole('form', { name: '规格 500GB' });
  await again.getByLabel('售价（元）').fill('699.00');
  await again.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('「500GB」已保存')).toBeVisible();
  await page.goto('/proc/10916');
  await expect(page.getByText('¥699.00').first()).toBeVisible();
});
