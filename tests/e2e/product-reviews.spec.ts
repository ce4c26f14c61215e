/**
 * 商品评价 on the product page, on both devices: a shopper buys a disk, pays in demo mode, the
 * operator ships it (console API), the shopper confirms receipt and writes a 5-star 匿名评价 with a
 * photo through POST /reviews. The product page then shows the rating line, the summary, the review
 * with the masked name, its text as text and the photo (opening in the viewer); the 有图 / 差评 chips
 * filter through the API; the JSON-LD carries aggregateRating with the count the page shows; the
 * page is still served from the page cache on a repeat request; and the shopper's 收藏 of it is in
 * 我的收藏, the view in 足迹.
 */
import { expect, request as http, test, type Page } from '@playwright/test';
import { E2E_BASE_URL, OPERATORS } from './env';
import { apiLogin, loginInForm, newPhone } from './login';
import { addAddressByApi, payOrderInDemo, placeOrder } from './pay';
import { shot } from './shot';
import { TINY_PNG } from '../support/tiny-png';

/** Each project buys its own SKU of the 100 disk, so parallel runs never share stock. */
const PRODUCT = { id: 10916, sku: { desktop: '500GB', mobile: '1TB' } } as const;
const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
const OPERATOR_IP = { desktop: '198.51.100.61', mobile: '198.51.100.62' } as const;

type Envelope<T> = { resultCode: number; message: string; data: T };

async function api<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await res).json()) as Envelope<T>;
  expect(body.resultCode, body.message).toBe(200);
  return body.data;
}

/** The product's JSON-LD block (the one whose @type is Product) as the HTML carries it. */
async function productLd(page: Page): Promise<{ raw: string; ld: { aggregateRating?: Record<string, unknown>; review?: { reviewBody: string; author: { name: string } }[] } }> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const raw = blocks.find((b) => JSON.parse(b)['@type'] === 'Product');
  expect(raw, 'Product JSON-LD').toBeTruthy();
  return { raw: raw!, ld: JSON.parse(raw!) };
}

test('receive, review with a photo, see it on the product page with stars in the JSON-LD (the page stays cached), favorite it, find it in 我的收藏 and 足迹', async ({ page }, info) => {
  test.setTimeout(240_000);
  const device = info.project.name === 'mobile' ? 'mobile' : 'desktop';
  const main = page.locator('main');
  const tag = `${device}-${Date.now() % 1_000_000}`;
  const text = `硬盘速度很快，指纹解锁方便 ${tag}\n第二行 "引号" </script><script>alert(1)</script>`;

  // A shopper buys one and pays.
  const phone = newPhone();
  await page.goto('/User');
  await loginInForm(main, phone);
  await expect(page.getByRole('button', { name: '退出登录' }).first()).toBeVisible();
  await addAddressByApi(page);
  const product = await api<{ skus: { id: number; name: string }[] }>(page.request.get(`/api/v1/products/${PRODUCT.id}`));
  const sku = product.skus.find((s) => s.name === PRODUCT.sku[device])!;
  const orderNo = await placeOrder(page, sku.id);
  await payOrderInDemo(page, orderNo);

  // The operator ships it (its own network and login), the shopper confirms receipt.
  const op = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': OPERATOR_IP[device] } });
  const token = await apiLogin(op, device === 'mobile' ? OPERATORS.reviewsReadMobile : OPERATORS.reviewsReadDesktop);
  await api(op.post(`/api/v1/admin/orders/${orderNo}/ship`, { headers: { ...XRW, token }, data: { carrier: '顺丰速运', trackingNo: `SF${orderNo.slice(-12)}` } }));
  await op.dispose();
  const order = await api<{ status: string; lines: { id: number }[] }>(page.request.post(`/api/v1/orders/${orderNo}/confirm`, { headers: XRW, data: {} }));
  expect(order.status).toBe('completed');

  // 评价: five stars, a photo, 匿名.
  const photo = await api<{ id: string }>(page.request.post('/api/v1/uploads', { headers: XRW, multipart: { file: { name: 'disk.png', mimeType: 'image/png', buffer: TINY_PNG } } }));
  await api(page.request.post('/api/v1/reviews', { headers: XRW, data: { orderNo, orderItemId: order.lines[0].id, rating: 5, content: text, imageIds: [photo.id], anonymous: true } }));

  // The product page: the rating line links to the section.
  await page.goto(`/proc/${PRODUCT.id}`);
  const line = main.getByRole('link', { name: /条评价 · 好评率 \d+%/ });
  await expect(line).toBeVisible();
  await expect(line).toHaveAttribute('href', '#reviews');
  const section = page.locator('section#reviews');
  await expect(section.getByRole('heading', { name: /^商品评价/ })).toBeVisible();
  const summary = section.locator('dl.review-summary');
  await expect(summary).toContainText('综合评分');
  await expect(summary).toContainText('好评率');
  const count = Number((await summary.locator('div', { hasText: '评价数' }).locator('dd strong').textContent())!.trim());
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(section.getByRole('button', { name: `全部 ${count}` })).toHaveAttribute('aria-pressed', 'true');

  // Our review: masked name (anonymous), 5 星, the option bought, the text as text (no script ran, nothing became HTML).
  const mine = section.locator('li.review', { hasText: tag });
  await expect(mine).toHaveCount(1);
  await expect(mine.locator('.review-author')).toHaveText(`${phone[0]}****${phone[phone.length - 1]}`);
  await expect(mine.getByRole('img', { name: '5 星' })).toBeVisible();
  await expect(mine).toContainText(`已购：${sku.name}`);
  await expect(mine.locator('p.review-text')).toHaveText(text);
  await expect(mine.locator('p.review-text script')).toHaveCount(0);
  const thumb = mine.locator('.review-photos img').first();
  await expect(thumb).toBeVisible();
  await thumb.scrollIntoViewIfNeeded(); // loading="lazy": fetched once near the screen
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(3);
  await shot(page, 'product-reviews');
  await mine.getByRole('button', { name: /^查看大图/ }).first().click();
  const viewer = page.getByRole('dialog', { name: '查看大图' });
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: '关闭' }).click();
  await expect(viewer).toBeHidden();

  // The chips ask the API: 有图 keeps our review, 差评 does not.
  await section.getByRole('button', { name: /^有图 \d+$/ }).click();
  await expect(section.getByRole('button', { name: /^有图 \d+$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(section.locator('li.review', { hasText: tag })).toHaveCount(1);
  await section.getByRole('button', { name: /^差评 \d+$/ }).click();
  await expect(section.getByRole('button', { name: /^差评 \d+$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(section.locator('li.review', { hasText: tag })).toHaveCount(0);

  // JSON-LD: the count the page shows, valid rating bounds, the review with the masked name; the hostile text escaped.
  const { raw, ld } = await productLd(page);
  expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', reviewCount: count, bestRating: 5, worstRating: 1 });
  expect(ld.aggregateRating!.ratingValue).toEqual(expect.any(Number));
  expect(ld.review!.some((r) => r.reviewBody === text && r.author.name === `${phone[0]}****${phone[phone.length - 1]}`)).toBe(true);
  expect(raw.toLowerCase()).not.toContain('</script');
  const html = await (await page.request.get(`/proc/${PRODUCT.id}`)).text();
  expect(html).not.toContain('<script>alert(1)</script>');

  // Still a cached page: a repeat request is a hit and carries the review.
  const again = await page.request.get(`/proc/${PRODUCT.id}`);
  expect(again.headers()['x-nextjs-cache']).toBe('HIT');
  expect(await again.text()).toContain(tag);

  // Liked it: 收藏 on the page, then it is in 我的收藏 and, viewed today, in 足迹.
  const heart = (device === 'mobile' ? page.getByRole('group', { name: '底部购买栏' }) : page.locator('.buy-box')).getByTestId('favorite');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await page.goto(device === 'mobile' ? '/Favorite' : '/personalCenter/PersonalFavorite');
  await expect(page.getByRole('list', { name: '收藏的商品' }).getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
  await page.goto(device === 'mobile' ? '/History' : '/personalCenter/PersonalHistory');
  await expect(page.getByRole('region', { name: '今天' }).getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
});
