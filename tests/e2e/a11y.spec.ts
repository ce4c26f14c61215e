/**
 * axe finds no serious or critical violation on the screens a logged-in shopper sees, on desktop and
 * on mobile, with real content: an order, its detail, its pay page, the invoice form, the lists; and on
 * a 375 px phone none of them scrolls sideways. A visitor's view of every route is checked in
 * routes.spec.ts.
 */
import { expect, test } from '@playwright/test';
import type { Device } from '../../lib/web/device';
import { variantFor } from '../../lib/domain/screens';
import { PRIVATE_ROUTES } from '../../lib/seo/routes';
import { seriousViolations } from './axe';
import { loginInForm, newPhone } from './login';
import { addAddressByApi, firstSkuId, placeOrder } from './pay';

/** The screens that show one order are opened with the shopper's own. */
const WITH_ORDER = new Set(['/OrderDetail', '/OrderDetailPC', '/PayDetail', '/PaySelectPC', '/WxpayDetail', '/WxpayDetailPC', '/OrderDistribute', '/AfterSaleApply', '/AfterSaleApplyPC', '/ReviewApply', '/ReviewApplyPC']);

test('axe: every logged-in screen with a shopper’s own order', async ({ page }, info) => {
  test.setTimeout(240_000);
  const device = info.project.name as Device;
  // The narrowest phone the shop is drawn for (an iPhone SE / mini): what fits here fits every phone.
  if (device === 'mobile') await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/User');
  await loginInForm(page.locator('main'), newPhone());
  await addAddressByApi(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, 10913));

  const failures: string[] = [];
  for (const path of PRIVATE_ROUTES) {
    const target = variantFor(path, device) ?? path;
    if (target !== path) continue; // the device's own variant is in the list too
    const url = WITH_ORDER.has(path) ? `${path}?orderNo=${orderNo}` : path;
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    await page.waitForLoadState('networkidle').catch(() => {});
    const bad = await seriousViolations(page);
    if (device === 'mobile') {
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (sideways > 0) bad.push(`scrolls sideways at 375 px by ${sideways} px`);
    }
    if (bad.length) failures.push(`${url}\n  ${bad.join('\n  ')}`);
  }
  expect(failures, failures.join('\n')).toEqual([]);
});
