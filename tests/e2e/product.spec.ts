/** (e) The product page: price, SKU options, buy buttons, and the gallery's image viewer. */
import { expect, test, type Locator } from '@playwright/test';
import { IMAGE_VIEWER } from '../../lib/web/ui';

async function scaleOf(img: Locator): Promise<number> {
  return img.evaluate((el) => {
    const t = getComputedStyle(el).transform;
    if (!t || t === 'none') return 1;
    const m = t.match(/matrix\(([^)]+)\)/);
    return m ? Number(m[1].split(',')[0]) : Number.NaN;
  });
}

test.describe('/proc/10909', () => {
  test('shows the price, the SKU options and both buy buttons', async ({ page }) => {
    await page.goto('/proc/10909');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('量盾 量子加密耳机 Q1');
    await expect(page.getByText('¥1,299.00').first()).toBeVisible();
    for (const sku of ['曜石黑', '云母白']) await expect(page.getByRole('button', { name: sku })).toBeVisible();
    await expect(page.getByRole('button', { name: '加入购物车' })).toBeVisible();
    await expect(page.getByRole('button', { name: '立即购买' })).toBeVisible();
  });

  test('the image viewer opens from the gallery and zooms by 1.2×, within 0.2–7', async ({ page }) => {
    await page.goto('/proc/10909');
    await page.getByRole('button', { name: /查看大图/ }).first().click();
    const viewer = page.getByRole('dialog');
    await expect(viewer).toBeVisible();
    const img = viewer.locator('img').first();
    await expect(img).toBeVisible();

    const s0 = await scaleOf(img);
    await viewer.getByRole('button', { name: '放大' }).click();
    await expect.poll(() => scaleOf(img)).toBeCloseTo(s0 * IMAGE_VIEWER.zoomRate, 3);
    await viewer.getByRole('button', { name: '缩小' }).click();
    await expect.poll(() => scaleOf(img)).toBeCloseTo(s0, 3);

    for (let i = 0; i < 15; i++) await viewer.getByRole('button', { name: '放大' }).click();
    await expect.poll(() => scaleOf(img)).toBeCloseTo(IMAGE_VIEWER.maxScale, 3);
    for (let i = 0; i < 30; i++) await viewer.getByRole('button', { name: '缩小' }).click();
    await expect.poll(() => scaleOf(img)).toBeCloseTo(IMAGE_VIEWER.minScale, 3);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });
});

test('/proc/10914: choosing another SKU shows its price', async ({ page }) => {
  await page.goto('/proc/10914');
  await expect(page.getByText('¥2,699.00').first()).toBeVisible();
  const pro = page.getByRole('button', { name: /指挥版/ });
  await pro.click();
  await expect(pro).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('¥3,999.00').first()).toBeVisible();
});

test.describe('/ProductList', () => {
  test('a category list and a search come from the page cache, a price range renders per request; no other list is cached', async ({ request, page }) => {
    await request.get('/ProductList?category=disks');
    const again = await request.get('/ProductList?category=disks');
    expect(again.headers()['x-nextjs-cache']).toBe('HIT');
    expect(await again.text()).toContain('量子加密移动硬盘');
    // A search is cached per normalised word (docs/decisions/cached-pages.md): the second request is a hit.
    await request.get('/ProductList?q=%E7%A1%AC%E7%9B%98');
    const search = await request.get('/ProductList?q=%E7%A1%AC%E7%9B%98');
    expect(search.headers()['x-nextjs-cache']).toBe('HIT');
    expect(await search.text()).toContain('搜索“硬盘”');
    const ranged = await request.get('/ProductList?q=%E7%A1%AC%E7%9B%98&maxPrice=2000');
    expect(ranged.headers()['x-nextjs-cache']).toBeUndefined();
    expect((await request.get('/ProductList/cached/no-such-category/1')).status()).toBe(404);
    expect((await request.get('/ProductList/cached/all/51')).status()).toBe(404);
    expect((await request.get('/ProductList/found/not-a-key!')).status()).toBe(404);
    expect((await request.get('/ProductList/found/cT1h')).status()).toBe(200); // q=a, made as the proxy makes it

    await page.goto('/ProductList?category=disks');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('量子加密移动硬盘');
    await expect(page.getByText('共 ').first()).toContainText('件商品');
  });
});
