/**
 * The product cards of / and /ProductList, on both devices: a product bought and reviewed shows 已售,
 * its 条评价 and 好评率 on its card (from the lists' own cached read: docs/rules.md#product-cards), and
 * the cards are valid HTML (no heading or other block inside a span, which the Nu checker refuses).
 *
 * The lists recount 已售 and reviews every SALES_REFRESH_SECONDS; an operator's save of the product (a
 * catalog change) renders them fresh at once, which is how this spec sees its own purchase.
 */
import { expect, request as http, test, type Page } from '@playwright/test';
import { E2E_BASE_URL, OPERATORS } from './env';
import { apiLogin, loginNewShopper } from './login';
import { firstSkuId, payOrderInDemo, placeOrder } from './pay';
import { shot } from './shot';

/** 量子邮箱: featured on / and in /ProductList's first page; a service, completed (reviewable) once paid. */
const PRODUCT = 10920;
const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
const OPERATOR_IP = { desktop: '198.51.100.71', mobile: '198.51.100.72' } as const;

type Envelope<T> = { resultCode: number; message: string; data: T };
async function api<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await res).json()) as Envelope<T>;
  expect(body.resultCode, body.message).toBe(200);
  return body.data;
}

/** Block content that phrasing content (a span) may not hold. */
const BLOCK_IN_SPAN = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div', 'p', 'ul', 'ol', 'li', 'dl', 'section', 'article', 'header', 'footer', 'table', 'form']
  .map((t) => `span ${t}`)
  .join(', ');

async function blocksInSpans(page: Page): Promise<string[]> {
  return page.locator(BLOCK_IN_SPAN).evaluateAll((els) => els.map((e) => `${e.parentElement?.tagName.toLowerCase()} > ${e.tagName.toLowerCase()}: ${e.textContent?.trim().slice(0, 30)}`));
}

test('cards on / and /ProductList show 已售, 条评价 and 好评率, and hold no block inside a span', async ({ page }, info) => {
  test.setTimeout(180_000);
  const device = info.project.name === 'mobile' ? 'mobile' : 'desktop';

  // Valid markup first, whatever the data: the cards' heading sits in a div, not a span.
  for (const path of ['/', '/ProductList']) {
    await page.goto(path);
    await expect(page.locator('.product-card').first()).toBeVisible();
    expect(await blocksInSpans(page), path).toEqual([]);
  }

  // A shopper buys the service (completed once paid) and gives it five stars.
  await loginNewShopper(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, PRODUCT));
  await payOrderInDemo(page, orderNo);
  const order = await api<{ status: string; lines: { id: number }[] }>(page.request.get(`/api/v1/orders/${orderNo}`));
  expect(order.status).toBe('completed');
  await api(page.request.post('/api/v1/reviews', { headers: XRW, data: { orderNo, orderItemId: order.lines[0].id, rating: 5, content: '邮件加密很省心，手机电脑都能用。' } }));

  // The operator saves the product unchanged: a catalog change, so the lists render fresh now.
  const op = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': OPERATOR_IP[device] } });
  const token = await apiLogin(op, device === 'mobile' ? OPERATORS.productCardsMobile : OPERATORS.productCardsDesktop);
  await expect
    .poll(async () => {
      const p = await api<{ name: string; subtitle: string; description: string; images: unknown[]; onSale: boolean; version: string }>(op.get(`/api/v1/admin/products/${PRODUCT}`, { headers: { ...XRW, token } }));
      const saved = await op.put(`/api/v1/admin/products/${PRODUCT}`, { headers: { ...XRW, token }, data: { name: p.name, subtitle: p.subtitle, description: p.description, images: p.images, onSale: p.onSale, version: p.version } });
      return ((await saved.json()) as Envelope<unknown>).resultCode; // 409 when the other project saved it in between: again
    })
    .toBe(200);
  await op.dispose();

  // What the API's list says is what the cards print.
  const listed = await api<{ items: { id: number; sold: number; reviewCount: number; goodPercent: number }[] }>(page.request.get('/api/v1/products?category=services'));
  const mine = listed.items.find((i) => i.id === PRODUCT)!;
  expect(mine.sold).toBeGreaterThanOrEqual(1);
  expect(mine.reviewCount).toBeGreaterThanOrEqual(1);

  for (const path of ['/', '/ProductList']) {
    await page.goto(path);
    const card = page.locator(`main a.product-card[href="/proc/${PRODUCT}"]`).first();
    await card.scrollIntoViewIfNeeded();
    const counts = card.locator('.card-counts');
    await expect(counts).toContainText(`已售 ${mine.sold}`);
    await expect(counts).toContainText(`${mine.reviewCount} 条评价`);
    await expect(counts).toContainText(`好评率 ${mine.goodPercent}%`);
    await expect(counts).toBeVisible();
    expect(await blocksInSpans(page), path).toEqual([]);
    await shot(page, path === '/' ? 'cards-home' : 'cards-list', { fullPage: false });
  }
});
