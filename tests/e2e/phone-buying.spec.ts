/**
 * Buying on a phone (and what of it concerns a desktop too): the product page's bottom bar in place of
 * the tab bar, with the cart count; price and option on the first screen; swiping the gallery; a
 * sold-out option 缺货 with 到货通知; the chosen option's picture in the gallery, the cart and the
 * checkout; the checkout's fixed 合计 / 提交订单 bar and its start at the address after logging in;
 * the toasts that say when the shop changed a quantity.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginInForm, newPhone } from './login';
import { addAddressByApi } from './pay';
import { shot } from './shot';

type Sku = { id: number; name: string; stock: number; image: string | null };
async function skusOf(page: Page, productId: number): Promise<Sku[]> {
  const res = await page.request.get(`/api/v1/products/${productId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { skus: Sku[] } }).data.skus;
}

/** The text of the toasts on screen (react-hot-toast renders role=status). */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** The bottom edge of a locator within the first screen, above the fixed bar. */
async function inFirstScreen(page: Page, locator: Locator, bar: Locator) {
  const box = (await locator.boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'within the first screen, above the bottom bar').toBeLessThanOrEqual(Math.min(viewport.height, barBox.y));
}

test.describe('phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone layout');

  test('product page: the bottom bar replaces the tab bar, with 客服 and the cart count; price and option on the first screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();

    // The page stays one cached page for everyone: the per-shopper bits load in the browser.
    await page.request.get('/proc/10909');
    expect((await page.request.get('/proc/10909')).headers()['x-nextjs-cache']).toBe('HIT');
    await page.goto('/proc/10909');
    const bar = page.getByRole('group', { name: '底部购买栏' });
    await expect(bar).toBeVisible();
    await expect(page.getByRole('navigation', { name: '底部导航' })).toHaveCount(0);
    await expect(bar.getByRole('link', { name: '客服' })).toHaveAttribute('href', /^\/Support\?productId=\d+$/);
    await expect(bar.getByRole('link', { name: /购物车/ })).toHaveAttribute('href', '/Cart');
    await expect(bar.getByRole('button', { name: '收藏' })).toBeVisible();
    await expect(bar.getByRole('button', { name: '加入购物车' })).toBeEnabled();
    await expect(bar.getByRole('button', { name: '立即购买' })).toBeEnabled();
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeCloseTo(844, 0);

    await inFirstScreen(page, page.getByTestId('sku-price'), bar);
    await inFirstScreen(page, page.getByRole('button', { name: '曜石黑' }), bar);
    await expect(page.getByRole('button', { name: '曜石黑' })).toHaveAttribute('aria-pressed', 'true');

    // The count comes from the API after render (the page itself is cached and the same for all).
    await expect(bar.getByTestId('cart-badge')).toHaveCount(0);
    await bar.getByRole('button', { name: '加入购物车' }).click();
    await expect(toast(page, '已加入购物车')).toBeVisible();
    await expect(bar.getByTestId('cart-badge')).toHaveText(/^1\s*件商品$/);
    await page.reload();
    await expect(bar.getByTestId('cart-badge')).toHaveText(/^1\s*件商品$/);
    await shot(page, 'product', { fullPage: false });

    // Away from the product page the tab bar is back.
    await bar.getByRole('link', { name: /购物车/ }).click();
    await page.waitForURL(/\/Cart$/);
    await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();
  });

  test('swiping the gallery shows the next image', async ({ page }) => {
    await page.goto('/proc/10909');
    const track = page.getByRole('group', { name: /图片，共 3 张/ });
    const shown = () => track.locator('[data-current="true"] img').getAttribute('src');
    await expect(page.getByText('1 / 3')).toBeVisible();
    expect(await shown()).toContain('quantum-earbuds-q1-1.svg');

    // A real touch swipe, right to left across the image (touch events as the phone's screen sends them).
    const box = (await track.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const x = box.x + box.width * 0.8;
    const y = box.y + box.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 10; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - i * box.width * 0.06, y }] });
      await page.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(page.getByText('2 / 3')).toBeVisible();
    await expect.poll(shown).toContain('quantum-earbuds-q1-2.svg');
    // The page did not scroll sideways, only the strip did.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('checkout: after logging in the page starts at the address and the lines; 合计 and 提交订单 stay in a bar at the bottom', async ({ page }) => {
    const [black] = await skusOf(page, 10909);
    await page.goto(`/CreateOrder?skuId=${black.id}&quantity=2`);
    // The visitor scrolls down to the login prompt and logs in there.
    const prompt = page.locator('.login-prompt');
    await prompt.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await loginInForm(prompt, newPhone());

    // The page reloaded as the shopper: it opens at its top, the address first, not where the prompt was.
    const address = page.getByRole('heading', { name: '收货地址' });
    const bar = page.getByRole('group', { name: '提交订单' });
    await expect(address).toBeVisible();
    await expect(bar).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await inFirstScreen(page, address, bar);

    await addAddressByApi(page);
    await page.reload();
    await expect(page.getByText('望江西路 800 号')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await inFirstScreen(page, page.getByText('望江西路 800 号'), bar);
    await expect(page.getByRole('heading', { name: '商品清单' })).toBeInViewport();
    await expect(page.getByRole('navigation', { name: '底部导航' })).toHaveCount(0);

    await expect(bar.getByText('合计')).toBeVisible();
    await expect(bar).toContainText('¥2,598.00');
    await expect(bar.getByRole('button', { name: '提交订单' })).toBeEnabled();
    await shot(page, 'checkout', { fullPage: false });
    // Scrolled to the end, the bar is still at the bottom of the screen.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(844, 0);
  });
});

test('a sold-out option is 缺货 and cannot be chosen; 到货通知 asks a visitor to log in and, logged in, subscribes them', async ({ page }) => {
  await page.goto('/proc/10910');
  const soldOut = page.getByRole('button', { name: '云母白 缺货' });
  await expect(soldOut).toBeVisible();
  await expect(soldOut).toBeDisabled();
  await expect(page.getByRole('button', { name: '远山蓝' })).toHaveAttribute('aria-pressed', 'true');
  const notify = page.getByRole('button', { name: '到货通知' });
  await expect(notify).toBeVisible();
  await expect(notify).toHaveAccessibleDescription(/云母白 暂时缺货/);
  await shot(page, 'sold-out', { fullPage: false });

  // A visitor: the login dialog; logged in from it, they are subscribed to what they pressed.
  await notify.click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  await expect(dialog).toBeVisible();
  await loginInForm(dialog, newPhone());

  // The page reloaded as theirs: subscribed, with its toast, without pressing again.
  await expect(toast(page, '已订阅，到货后将短信通知您')).toBeVisible();
  await expect(page.getByText('已订阅到货通知')).toBeVisible();
  await expect(page.getByRole('button', { name: '取消通知' })).toBeVisible();
  await shot(page, 'sold-out-subscribed-after-login', { fullPage: false });
  await page.reload();
  await expect(page.getByText('已订阅到货通知')).toBeVisible();
  await expect(page.getByRole('button', { name: '取消通知' })).toBeVisible();
  const mine = await page.evaluate(async () => {
    const res = await fetch('/api/v1/stock-notices', { headers: { 'X-Requested-With': 'XMLHttpRequest', token: localStorage.getItem('token') ?? '' } });
    return ((await res.json()) as { data: { skuName: string }[] }).data.map((n) => n.skuName);
  });
  expect(mine).toEqual(['云母白']);
  await page.getByRole('button', { name: '取消通知' }).click();
  await expect(page.getByRole('button', { name: '到货通知' })).toBeVisible();
});

test("the chosen option's picture shows in the gallery, the cart line and the checkout line", async ({ page, isMobile }) => {
  await page.goto('/User');
  await loginInForm(page.locator('main'), newPhone());
  await addAddressByApi(page);

  await page.goto('/proc/10909');
  const main = page.locator('main');
  const firstSlide = main.locator('.gallery-track img').first();
  await expect(firstSlide).toHaveAttribute('src', /quantum-earbuds-q1-1\.svg/);
  await main.getByRole('button', { name: '云母白' }).click();
  await expect(main.getByRole('button', { name: '云母白' })).toHaveAttribute('aria-pressed', 'true');
  await expect(firstSlide).toHaveAttribute('src', /quantum-earbuds-q1-white\.svg/);
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(toast(page, '已加入购物车')).toBeVisible();
  await shot(page, 'product-white', { fullPage: false });
  if (!isMobile) {
    // The desktop gallery still works by its thumbnails.
    const shown = main.locator('.gallery-track [data-current="true"] img');
    await main.getByRole('button', { name: /^第 2 张/ }).click();
    await expect(shown).toHaveAttribute('src', /quantum-earbuds-q1-2\.svg/);
    await expect(main.getByRole('button', { name: /^第 2 张/ })).toHaveAttribute('aria-current', 'true');
    await expect(main.getByRole('button', { name: /^第 1 张/ }).locator('img')).toHaveAttribute('src', /quantum-earbuds-q1-white\.svg/);
  }

  await page.goto(isMobile ? '/Cart' : '/personalCenter/PersonalShoppCart');
  const line = isMobile ? page.locator('.cart-item').filter({ hasText: '云母白' }) : page.getByRole('row').filter({ hasText: '云母白' });
  await expect(line.locator('img')).toHaveAttribute('src', /quantum-earbuds-q1-white\.svg/);
  await shot(page, 'cart', { fullPage: false });

  await page.goto('/CreateOrder?fromCart=1');
  const goods = page.getByRole('region', { name: '商品清单' });
  await expect(goods.getByText('云母白')).toBeVisible();
  await expect(goods.locator('img').first()).toHaveAttribute('src', /quantum-earbuds-q1-white\.svg/);
  if (!isMobile) {
    // The desktop keeps its layout: the totals card beside the lines, with its own 提交订单.
    await expect(page.getByRole('group', { name: '提交订单' })).toHaveCount(0);
    await expect(page.locator('.checkout-submit').getByRole('button', { name: '提交订单' })).toBeVisible();
  }
  await shot(page, 'checkout-white', { fullPage: false });
});

test('a quantity the shop changes is said in a toast: the buy box and the cart', async ({ page, isMobile }) => {
  const silver = (await skusOf(page, 10913)).find((s) => s.name === '月光银')!;
  expect(silver.stock, 'the seed keeps a few 月光银').toBeGreaterThan(1);

  await page.goto('/proc/10909');
  const qty = page.getByRole('group', { name: '购买数量' }).getByRole('textbox', { name: '数量' });
  await qty.fill('150');
  await qty.press('Enter');
  await expect(toast(page, '每件商品最多购买 99 件')).toBeVisible();
  await expect(qty).toHaveValue('99');
  await qty.fill('0');
  await qty.blur();
  await expect(toast(page, '至少购买 1 件')).toBeVisible();
  await expect(qty).toHaveValue('1');

  await page.goto('/proc/10913');
  await page.getByRole('button', { name: '月光银' }).click();
  await qty.fill(String(silver.stock + 20));
  await qty.press('Enter');
  await expect(toast(page, `库存仅剩 ${silver.stock} 件`)).toBeVisible();
  await expect(qty).toHaveValue(String(silver.stock));

  // The cart (a visitor's works the same): over 99, then over the stock.
  await page.goto('/proc/10909');
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(toast(page, '已加入购物车')).toBeVisible();
  await page.goto('/proc/10913');
  await page.getByRole('button', { name: '月光银' }).click();
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(toast(page, '已加入购物车')).toBeVisible();
  await page.goto(isMobile ? '/Cart' : '/personalCenter/PersonalShoppCart');
  const lineQty = (name: string) => page.getByRole('group', { name: `${name} 的数量` }).getByRole('textbox', { name: '数量' });
  const q1 = lineQty('量盾 量子加密耳机 Q1');
  await q1.fill('150');
  await q1.press('Enter');
  await expect(toast(page, '每件商品最多购买 99 件')).toBeVisible();
  await expect(q1).toHaveValue('99');
  await expect(page.getByText(/已选 \d+ 件/)).toContainText('已选 100 件');

  const h200 = lineQty('量盾 量子加密头戴耳机 200');
  await h200.fill('60');
  await h200.blur();
  await expect(toast(page, `库存仅剩 ${silver.stock} 件`)).toBeVisible();
  await expect(h200).toHaveValue(String(silver.stock));
  await shot(page, 'cart-quantity-toast', { fullPage: false });
});
