/**
 * 收藏 and 足迹 as a shopper meets them, on both devices: a visitor's view records nothing (no request
 * at all) and the heart asks to log in, then saves the product; a shopper saves a product (已收藏 after a reload, the page
 * still a cache hit), finds it with its price in 我的收藏 and removes it; two products viewed are in
 * 足迹 under 今天, and 清空足迹 empties it.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { shot } from './shot';
import { loginInForm, newPhone } from './login';

const FIRST = '/proc/10909';
const SECOND = '/proc/10914';

/** The heart the device shows: the buy box's on a desktop, the bottom bar's on a phone. */
const heartOf = (page: Page, mobile: boolean) =>
  (mobile ? page.getByRole('group', { name: '底部购买栏' }) : page.locator('.buy-box')).getByTestId('favorite');

const recorded = (page: Page, path: string) =>
  page.waitForResponse((r) => r.url().endsWith('/api/v1/user/history') && r.request().method() === 'POST' && r.request().postData()?.includes(path.split('/').pop()!) === true);

test('收藏 → 我的收藏, and 足迹 grouped under 今天, cleared', async ({ page }, info) => {
  test.setTimeout(180_000);
  const mobile = info.project.name === 'mobile';
  const historyCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/user/history')) historyCalls.push(r.method());
  });

  // A visitor: the page loads its per-shopper bits, but no view is sent.
  await page.goto(FIRST);
  const firstName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const firstPrice = (await page.getByTestId('sku-price').textContent())!.trim();
  await page.waitForLoadState('networkidle');
  expect(historyCalls).toEqual([]);

  // The heart asks a visitor to log in, in place; logged in from the dialog, the product is saved.
  const heart = heartOf(page, mobile);
  await expect(heart).toHaveText('收藏');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  const viewed = recorded(page, FIRST);
  await loginInForm(page.getByRole('dialog', { name: '登录' }), newPhone());
  await viewed; // logged in now: the reloaded page records the view

  await expect(page.getByText('已收藏，可在我的收藏中查看')).toBeVisible();
  await expect(heartOf(page, mobile)).toHaveText('已收藏');
  await expect(heartOf(page, mobile)).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'favorite-after-login', { fullPage: false });
  await page.reload();
  await expect(heartOf(page, mobile)).toHaveText('已收藏');
  await expect(heartOf(page, mobile)).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'favorite-heart');
  expect(await seriousViolations(page)).toEqual([]);
  // The page is still one cached page for everyone: the heart and the view are the browser's.
  await page.request.get(FIRST);
  expect((await page.request.get(FIRST)).headers()['x-nextjs-cache']).toBe('HIT');

  const second = recorded(page, SECOND);
  await page.goto(SECOND);
  await second;
  const secondName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

  // 我的收藏, from 我的 (phone) or the personal center (desktop).
  if (mobile) {
    await page.goto('/User');
    const counts = page.getByRole('navigation', { name: '收藏与足迹' });
    await expect(counts.getByRole('link', { name: /商品收藏/ })).toContainText('1');
    await expect(counts.getByRole('link', { name: /浏览记录/ })).toContainText('2');
    await counts.getByRole('link', { name: /商品收藏/ }).click();
  } else {
    await page.goto('/personalCenter/PersonalInfo');
    await page.getByRole('navigation', { name: '个人中心' }).getByRole('link', { name: '我的收藏' }).click();
  }
  await expect(page).toHaveURL(mobile ? /\/Favorite$/ : /\/personalCenter\/PersonalFavorite$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('我的收藏');
  const list = page.getByRole('list', { name: '收藏的商品' });
  const item = list.getByRole('listitem').filter({ hasText: firstName });
  await expect(item).toContainText(firstPrice);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await shot(page, 'favorites');
  expect(await seriousViolations(page)).toEqual([]);
  await item.getByRole('button', { name: `删除收藏：${firstName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除', exact: true }).click();
  await expect(page.getByText('已取消收藏')).toBeVisible();
  await expect(page.getByText('还没有收藏的商品')).toBeVisible();
  await expect(page.getByRole('link', { name: '去逛逛全部商品' })).toHaveAttribute('href', '/ProductList');

  // 足迹: both products under 今天, the last viewed first.
  if (mobile) {
    await page.goto('/User');
    await page.getByRole('navigation', { name: '账号与服务' }).getByRole('link', { name: '我的足迹' }).click();
  } else {
    await page.getByRole('navigation', { name: '个人中心' }).getByRole('link', { name: '我的足迹' }).click();
  }
  await expect(page).toHaveURL(mobile ? /\/History$/ : /\/personalCenter\/PersonalHistory$/);
  const today = page.getByRole('region', { name: '今天' });
  await expect(today.getByRole('listitem')).toHaveCount(2);
  await expect(today.getByRole('listitem').first()).toContainText(secondName);
  await expect(today.getByRole('listitem').nth(1)).toContainText(firstName);
  await shot(page, 'history');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: '清空足迹' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '清空足迹' }).click();
  await expect(page.getByText('足迹已清空')).toBeVisible();
  await expect(page.getByText('还没有浏览记录')).toBeVisible();
});
