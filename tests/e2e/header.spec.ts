/**
 * The desktop header holds one row at every desktop width from 1024 px for the fullest header a shopper
 * can have: logged in (the masked phone as the name, 退出登录 under it), 99+ pieces in the cart and a
 * three-digit unread count. Every item (logo, each nav link, the search box, the bell, 购物车, the account
 * corner) sits on one line inside the bar, none touches the header's top edge, no badge covers a
 * neighbour, and the search box's hint is not cut.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginNewShopper, masked } from './login';
import { firstSkuId } from './pay';
import { shot } from './shot';

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
const WIDTHS = [1024, 1280, 1366, 1440, 1920];
/** Looked at by eye: the narrowest, the usual laptop and a wide screen. */
const SHOT_WIDTHS = new Set([1024, 1366, 1920]);
/** An unread count of three digits: more than the server makes in one test, so its answer is edited on the way. */
const UNREAD = 123;

type Box = { name: string; x: number; y: number; right: number; bottom: number };

async function boxOf(name: string, locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, `${name} is shown`).not.toBeNull();
  return { name, x: b!.x, y: b!.y, right: b!.x + b!.width, bottom: b!.y + b!.height };
}

const overlaps = (a: Box, b: Box) => a.x < b.right - 0.5 && b.x < a.right - 0.5 && a.y < b.bottom - 0.5 && b.y < a.bottom - 0.5;
const union = (name: string, a: Box, b: Box): Box => ({ name, x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom) });

async function headerItems(page: Page) {
  const header = page.locator('header.site-header');
  const nav = header.getByRole('navigation', { name: '主导航' });
  const items: Box[] = [await boxOf('logo', header.locator('.logo'))];
  for (const link of await nav.getByRole('link').all()) items.push(await boxOf(`导航 ${await link.textContent()}`, link));
  items.push(await boxOf('搜索框', header.getByRole('search')));
  const bell = await boxOf('消息中心', header.getByRole('link', { name: /消息中心/ }));
  const unread = await boxOf('未读角标', header.getByTestId('unread-badge'));
  const cart = await boxOf('购物车', header.getByRole('link', { name: /^购物车/ }));
  const cartBadge = await boxOf('购物车角标', header.getByTestId('cart-badge'));
  items.push(union('消息中心', bell, unread), union('购物车', cart, cartBadge), await boxOf('账户', header.locator('.header-account')));
  return { items, badges: [unread, cartBadge], own: { 未读角标: '消息中心', 购物车角标: '购物车' } as Record<string, string>, header: await boxOf('页头', header) };
}

test('the desktop header holds one row from 1024 to 1920 px with a long phone, a 99+ cart and 100+ unread messages', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'the desktop header');
  test.setTimeout(120_000);
  const phone = await loginNewShopper(page);
  // 99 + 1 pieces: the cart badge says 99+.
  for (const [product, quantity] of [[10909, 99], [10913, 1]] as const) {
    const res = await page.request.post('/api/v1/cart/items', { headers: XRW, data: { skuId: await firstSkuId(page, product), quantity } });
    expect((await res.json()).resultCode).toBe(200);
  }
  await page.route('**/api/v1/messages/unread', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.data.total = UNREAD;
    await route.fulfill({ response: res, json: body });
  });

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const header = page.locator('header.site-header');
    await expect(header.getByTestId('cart-badge')).toHaveText(/^99\+/);
    await expect(header.getByTestId('unread-badge')).toHaveText(/^99\+/);
    await expect(header.locator('.header-user')).toHaveText(masked(phone));

    const { items, badges, own, header: bar } = await headerItems(page);
    // One row: every item shares a horizontal line, sits inside the header below its top edge, and
    // follows the one before it without touching it.
    const top = Math.max(...items.map((b) => b.y));
    const bottom = Math.min(...items.map((b) => b.bottom));
    expect(top, `${width} px: every header item on one row (${items.map((b) => `${b.name} ${Math.round(b.y)}–${Math.round(b.bottom)}`).join(', ')})`).toBeLessThan(bottom);
    for (const b of items) {
      expect(b.y, `${width} px: ${b.name} keeps off the header's top edge`).toBeGreaterThanOrEqual(bar.y + 4);
      expect(b.bottom, `${width} px: ${b.name} inside the header`).toBeLessThanOrEqual(bar.bottom);
      expect(b.right, `${width} px: ${b.name} inside the window`).toBeLessThanOrEqual(width);
    }
    const byX = [...items].sort((a, b) => a.x - b.x);
    for (let i = 1; i < byX.length; i++) expect(byX[i].x, `${width} px: ${byX[i].name} after ${byX[i - 1].name}`).toBeGreaterThanOrEqual(byX[i - 1].right);
    // A badge covers nothing but its own link.
    for (const badge of badges) {
      for (const other of items.filter((b) => b.name !== own[badge.name])) expect(overlaps(badge, other), `${width} px: ${badge.name} covers ${other.name}`).toBe(false);
    }
    // The search box's hint shows whole (measured in the box's own font against its text area).
    // (The box is a combobox: it suggests while typing, components/layout/search-form.tsx.)
    const hintFits = await header.getByRole('combobox', { name: '搜索商品' }).evaluate((el: HTMLInputElement) => {
      const cs = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${cs.fontSize} ${cs.fontFamily}`;
      return ctx.measureText(el.placeholder).width <= el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    });
    expect(hintFits, `${width} px: the search box's hint shows whole`).toBe(true);
    if (SHOT_WIDTHS.has(width)) await shot(page, `header-${width}`, { fullPage: false });
  }
});
