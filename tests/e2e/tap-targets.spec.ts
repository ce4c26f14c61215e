/**
 * On a phone every link, button and checkbox of 我的订单, 我的收藏 and 足迹 can be hit with a finger: its box is at
 * least TAP_MIN (44) CSS px each way, as Apple's and WCAG's target size ask (it may look smaller; the
 * hit area is what counts). The shopper has a paid order (completed: 申请售后, 再次购买, 评价, 删除订单), an
 * unpaid one (去支付), a favorite and a view, so each screen shows every control it can have.
 */
import { expect, test, type Page } from '@playwright/test';
import { loginNewShopper } from './login';
import { firstSkuId, payOrderInDemo, placeOrder } from './pay';
import { shot } from './shot';

const TAP_MIN = 44;
/** 量子邮箱: a service, completed once paid, so its card offers every button without an operator. */
const SERVICE = 10920;
const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * The visible links, buttons and checkboxes of the page's main content smaller than TAP_MIN either way;
 * a checkbox is hit through its label, when it has one.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main, min) => {
    const small: string[] = [];
    for (const el of main.querySelectorAll<HTMLElement>('a, button, input[type=checkbox]')) {
      const r = (el.matches('input') ? (el.closest('label') ?? el) : el).getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.width < min || r.height < min) small.push(`${(el.getAttribute('aria-label') || el.textContent || '').trim()} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return small;
  }, TAP_MIN);
}

test('我的订单, 我的收藏 and 足迹: every link, button and checkbox on a phone is at least 44×44', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'phone tap targets');
  test.setTimeout(180_000);
  await loginNewShopper(page);
  const sku = await firstSkuId(page, SERVICE);
  const paid = await placeOrder(page, sku);
  await payOrderInDemo(page, paid);
  const unpaid = await placeOrder(page, sku);
  expect((await page.request.put(`/api/v1/favorites/${SERVICE}`, { headers: XRW })).status()).toBe(200);
  expect((await page.request.post('/api/v1/user/history', { headers: XRW, data: { productId: SERVICE } })).status()).toBe(200);

  await page.goto('/Order');
  const cards = page.locator('.order-cards');
  await expect(cards.getByRole('article', { name: `订单 ${paid}` }).getByRole('button', { name: '删除订单' })).toBeVisible();
  await expect(cards.getByRole('article', { name: `订单 ${paid}` }).getByRole('link', { name: '评价' })).toBeVisible();
  await expect(cards.getByRole('article', { name: `订单 ${unpaid}` }).getByRole('link', { name: '去支付' })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await shot(page, 'tap-orders');

  await page.goto('/Favorite');
  await expect(page.getByRole('list', { name: '收藏的商品' }).getByRole('button', { name: /^删除收藏：/ })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await page.getByRole('button', { name: '批量管理' }).click();
  await expect(page.getByRole('button', { name: /^删除选中/ })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await shot(page, 'tap-favorites');

  await page.goto('/History');
  await expect(page.getByRole('button', { name: /^删除浏览记录：/ })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await shot(page, 'tap-history');
});
