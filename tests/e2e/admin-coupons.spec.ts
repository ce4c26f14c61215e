/**
 * 优惠券 in the console, on a desktop: the operator creates a 满减券 through the form (its messages
 * first), finds it in the list with its words, renames it, stops it; makes a code template and
 * downloads a batch of single-use codes, which a shopper then redeems once.
 */
import { readFileSync } from 'node:fs';
import { expect, request as http, test } from '@playwright/test';
import { E2E_BASE_URL, OPERATORS } from './env';
import { apiLogin, loginInForm, newPhone } from './login';

test.skip(({ isMobile }) => isMobile, 'the console is a desktop screen');

test('create, list, rename and stop a 满减券; a code batch downloads as CSV and each code works once', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.41' });
  await page.goto('/');
  const header = page.locator('header.site-header');
  await header.getByRole('button', { name: '登录', exact: true }).click();
  await loginInForm(page.getByRole('dialog', { name: '登录' }), OPERATORS.coupons);
  await expect(header.getByRole('button', { name: '退出登录' })).toBeVisible();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.41' });

  await page.goto('/admin');
  await page.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '优惠券' }).click();
  await page.getByRole('link', { name: '新建优惠券' }).click();
  const form = page.getByRole('form', { name: '新建优惠券' });
  const name = `耳机满减 ${Date.now() % 100000}`;
  await form.getByLabel('券名称').fill(name);
  await form.getByLabel('减免金额（元）').fill('100');
  await form.getByRole('button', { name: '创建优惠券' }).click();
  await expect(form.getByText('满减券请填写使用门槛')).toBeVisible();
  await form.getByLabel('使用门槛（满多少元可用）').fill('999');
  await form.getByRole('radio', { name: '指定分类' }).check();
  await form.getByRole('checkbox', { name: '量子加密耳机' }).check();
  await form.getByLabel('发放总量（张，留空为不限）').fill('50');
  await form.getByRole('button', { name: '创建优惠券' }).click();
  await page.waitForURL(/\/admin\/coupons\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);

  await page.getByRole('link', { name: '← 返回优惠券列表' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('减 ¥100 · 满 ¥999 可用');
  await expect(row).toContainText('限「量子加密耳机」可用');
  await expect(row).toContainText('0 / 50');
  await expect(row).toContainText('发放中');

  await row.getByRole('link', { name: '编辑' }).click();
  const edit = page.getByRole('form', { name: `编辑 ${name}` });
  await edit.getByLabel('券名称').fill(`${name} 双十二`);
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('优惠券已保存')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${name} 双十二`);
  await expect(page.getByRole('region', { name: '操作记录' })).toContainText('修改优惠券');

  await page.goto('/admin/coupons');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('row').filter({ hasText: `${name} 双十二` }).getByRole('button', { name: '停发' }).click();
  await expect(page.getByRole('row').filter({ hasText: `${name} 双十二` })).toContainText('已停发');

  // A code template and a batch of 3 codes.
  await page.getByRole('link', { name: '新建优惠券' }).click();
  const codeForm = page.getByRole('form', { name: '新建优惠券' });
  await codeForm.getByLabel('券名称').fill(`兑换券 ${Date.now() % 100000}`);
  await codeForm.getByRole('radio', { name: '无门槛券' }).check();
  await codeForm.getByLabel('减免金额（元）').fill('5');
  await codeForm.getByRole('radio', { name: '优惠码兑换' }).check();
  await codeForm.getByRole('button', { name: '创建优惠券' }).click();
  await page.waitForURL(/\/admin\/coupons\/\d+$/);
  const batch = page.getByRole('form', { name: '生成兑换码' });
  await batch.getByLabel(/数量/).fill('3');
  const download = page.waitForEvent('download');
  await batch.getByRole('button', { name: '生成并下载 CSV' }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines).toHaveLength(4);
  const code = lines[1].split(',')[0].replace(/"/g, '');
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{12}$/);

  // A shopper redeems it once; the second time it is used.
  const request = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.201' } });
  const token = await apiLogin(request, newPhone());
  const headers = { token, 'X-Requested-With': 'XMLHttpRequest' };
  expect((await (await request.post('/api/v1/coupons/redeem', { headers, data: { code } })).json()).message).toBe('兑换成功');
  expect((await (await request.post('/api/v1/coupons/redeem', { headers, data: { code } })).json()).message).toBe('该优惠码已被使用');
  await request.dispose();
});
