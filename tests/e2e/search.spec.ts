/**
 * Search on both devices (docs/routes.md#catalog-and-content-pages): the phone's home search box takes
 * focus, the word stays in the box on its results, 综合 / 价格 / 销量 and the price range reorder and
 * narrow what a shopper sees, a search without results offers other words and the best sellers, and
 * the placeholder is never cut off.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { OPERATORS } from './env';
import { loginInForm } from './login';
import { shot } from './shot';

/** The yuan of each card's price, in page order. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('main .product-card .price').allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d.]/g, '')));
}

/** The visible search box: the header's on a desktop, the page's own on a phone. */
function searchBox(page: Page, isMobile: boolean, onHome = false): Locator {
  return page.locator(isMobile ? (onHome ? '#home-search' : '#list-search') : '#site-search');
}

/** The placeholder fits its box: its text is no wider than the input's content box. */
async function placeholderFits(input: Locator): Promise<{ text: number; box: number }> {
  return input.evaluate((el: HTMLInputElement) => {
    const cs = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const box = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    return { text: ctx.measureText(el.placeholder).width, box };
  });
}

test('the search box takes focus, and the word stays in it on the results', async ({ page, isMobile }) => {
  await page.goto('/');
  const box = searchBox(page, isMobile, true);
  await expect(box).toBeVisible();
  if (isMobile) {
    // On the phone the box is on the first screen of the home page.
    const top = await box.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(200);
    await box.tap();
  } else {
    await box.click();
  }
  await expect(box).toBeFocused();
  const fit = await placeholderFits(box);
  expect(fit.text, 'placeholder width vs its box').toBeLessThanOrEqual(fit.box);
  await shot(page, 'home-search', { fullPage: false });

  await box.fill('耳机');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/ProductList\?q=%E8%80%B3%E6%9C%BA/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('搜索“耳机”');
  await expect(searchBox(page, isMobile)).toHaveValue('耳机');
  await expect(searchBox(page, isMobile)).toBeVisible();
  const names = await page.locator('main .product-card .name').allTextContents();
  expect(names.length).toBeGreaterThan(1);
  await shot(page, 'results', { fullPage: false });
});

test('价格 sorts up, then down; 销量 and 综合 keep the same products', async ({ page }) => {
  await page.goto('/ProductList?q=耳机');
  const before = await cardPrices(page);
  const sortBar = page.getByRole('navigation', { name: '排序' });
  await expect(sortBar.getByRole('link', { name: '综合' })).toHaveAttribute('aria-current', 'true');

  await sortBar.getByRole('link', { name: /价格/ }).click();
  await expect(page).toHaveURL(/sort=price-asc/);
  const up = await cardPrices(page);
  expect(up).toEqual([...up].sort((a, b) => a - b));
  expect([...up].sort()).toEqual([...before].sort());
  expect(up).not.toEqual([...up].sort((a, b) => b - a)); // not all equal: the order is visible
  await expect(page.locator('#list-search, #site-search').filter({ visible: true }).first()).toHaveValue('耳机');
  await shot(page, 'sorted', { fullPage: false });

  await sortBar.getByRole('link', { name: /价格/ }).click();
  await expect(page).toHaveURL(/sort=price-desc/);
  const down = await cardPrices(page);
  expect(down).toEqual([...up].sort((a, b) => b - a));

  await sortBar.getByRole('link', { name: '销量' }).click();
  await expect(page).toHaveURL(/sort=sales/);
  await expect(sortBar.getByRole('link', { name: '销量' })).toHaveAttribute('aria-current', 'true');
  expect((await cardPrices(page)).sort()).toEqual([...before].sort());
});

test('category and price range narrow the list; a bad price says so in Chinese', async ({ page }) => {
  await page.goto('/ProductList?q=耳机');
  const all = await cardPrices(page);
  await page.getByRole('navigation', { name: '商品分类' }).getByRole('link', { name: '量子加密头戴耳机' }).click();
  await expect(page).toHaveURL(/category=headsets/);
  await expect(page).toHaveURL(/q=/);
  const headsets = await cardPrices(page);
  expect(headsets.length).toBeGreaterThan(0);
  expect(headsets.length).toBeLessThan(all.length);

  const sorted = [...all].sort((a, b) => a - b);
  const max = sorted[Math.floor(sorted.length / 2)];
  await page.goto('/ProductList?q=耳机');
  await page.getByLabel('最高价格（元）').fill(String(max));
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(new RegExp(`maxPrice=${max}`));
  const cheap = await cardPrices(page);
  expect(cheap.length).toBeGreaterThan(0);
  expect(cheap.length).toBeLessThan(all.length);
  expect(cheap.every((p) => p <= max)).toBe(true);
  await expect(page.getByLabel('最高价格（元）')).toHaveValue(String(max));

  await page.getByLabel('最低价格（元）').fill('abc');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.locator('main').getByRole('alert')).toContainText('最低价格请填写金额');
  expect((await cardPrices(page)).length).toBeGreaterThan(0);
});

test('a search without results offers other words and the best sellers', async ({ page, isMobile }) => {
  await page.goto('/ProductList?q=不存在的商品名');
  await expect(page.getByRole('heading', { name: '没有找到与“不存在的商品名”相关的商品' })).toBeVisible();
  const suggestions = page.locator('.no-results .suggest-list').first().getByRole('link');
  expect(await suggestions.count()).toBeGreaterThan(2);
  await expect(page.getByRole('heading', { name: '热销商品' })).toBeVisible();
  expect(await page.locator('.no-results .product-card').count()).toBeGreaterThan(0);
  await shot(page, 'no-results', { fullPage: false });

  const word = (await suggestions.first().textContent())!.trim();
  await suggestions.first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`搜索“${word}”`);
  expect(await page.locator('main .product-card').count()).toBeGreaterThan(0);
  await expect(searchBox(page, isMobile)).toHaveValue(word);
});

test('the placeholder is not cut off at 375 px', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the phone width');
  await page.setViewportSize({ width: 375, height: 812 });
  for (const [path, id] of [['/', '#home-search'], ['/ProductList?q=耳机', '#list-search']] as const) {
    await page.goto(path);
    const box = page.locator(id);
    await box.fill('');
    const fit = await placeholderFits(box);
    expect(fit.text, `${path} placeholder`).toBeLessThanOrEqual(fit.box);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
});

test('the phone header\'s search icon opens a box with the cursor in it, on any page', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the phone header');
  await page.goto('/proc/10909');
  const icon = page.getByRole('link', { name: '搜索商品' });
  await expect(icon).toHaveAttribute('aria-expanded', 'false');
  await icon.click();
  const box = page.locator('#mobile-search-box');
  await expect(box).toBeFocused();
  await expect(page).toHaveURL(/\/proc\/10909$/);
  await shot(page, 'header-search-open', { fullPage: false });
  await box.fill('耳机');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/ProductList\?q=%E8%80%B3%E6%9C%BA/);
  await expect(page.locator('main .product-card').first()).toBeVisible();
});

test('a search served from the cache shows an operator\'s change on the next request', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the operator console is a desktop tool');
  // Two words no product has (翡翠 + 星链): nothing is found, corrected or relaxed, until the console adds them.
  const word = '翡翠星链';
  // Both pages are cached before the change: the new word finds nothing, the old one finds the product.
  await page.goto(`/ProductList?q=${word}`);
  await expect(page.getByRole('heading', { name: `没有找到与“${word}”相关的商品` })).toBeVisible();
  await page.goto('/ProductList?q=T20&sort=price-asc');
  await expect(page.locator('main .product-card .name').first()).toContainText('T20');

  await page.locator('header.site-header').getByRole('button', { name: '登录', exact: true }).click();
  await loginInForm(page.getByRole('dialog', { name: '登录' }), OPERATORS.console);
  await expect(page.locator('header.site-header').getByRole('button', { name: '退出登录' })).toBeVisible();
  await page.goto('/admin/products/10914');
  const subtitle = page.getByLabel('副标题');
  const before = await subtitle.inputValue();
  await subtitle.fill(`${before} · ${word}`);
  await page.getByRole('button', { name: '保存商品' }).click();
  await expect(page.getByText('商品已保存，商城页面已更新')).toBeVisible();

  await page.goto(`/ProductList?q=${word}`);
  await expect(page.locator('main .product-card .name')).toHaveText([/T20/]);
  await page.goto('/ProductList?q=T20&sort=price-asc');
  await expect(page.locator('main .product-card .sub').first()).toContainText(word);

  await page.goto('/admin/products/10914');
  await page.getByLabel('副标题').fill(before);
  await page.getByRole('button', { name: '保存商品' }).click();
  await expect(page.getByText('商品已保存，商城页面已更新')).toBeVisible();
  await page.goto(`/ProductList?q=${word}`);
  await expect(page.getByRole('heading', { name: `没有找到与“${word}”相关的商品` })).toBeVisible();
});
