/**
 * A request whose answer is lost, then refused twice (docs/decisions/retries.md#client): 加入购物车 on the
 * product page reaches the shop, but the shopper's browser sees 503; the next try is answered 503 by
 * the front; the third gets through. The screen says 排队中 while it waits, then 已加入购物车, and the
 * cart holds the one piece the shopper asked for: every try carried the same Idempotency-Key.
 */
import { expect, test } from '@playwright/test';
import { shot } from './shot';

type CartBody = { data: { items: { quantity: number }[] } };

test('加入购物车 answered 503 twice: 排队中, then added once', async ({ page }) => {
  const keys: (string | undefined)[] = [];
  let tries = 0;
  await page.route('**/api/v1/cart/items', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key']);
    tries += 1;
    const busy = { status: 503, headers: { 'retry-after': '1', 'content-type': 'application/json' }, body: '{"resultCode":503,"message":"服务繁忙"}' };
    // The first try reaches the shop and adds the piece; its answer is lost on the way back.
    if (tries === 1) await route.fetch();
    if (tries <= 2) return route.fulfill(busy);
    return route.continue();
  });

  await page.goto('/proc/10909');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('量盾 量子加密耳机 Q1');
  const indicator = page.getByRole('status').filter({ hasText: '排队中' });
  await page.getByRole('button', { name: '加入购物车' }).first().click();
  await expect(indicator).toBeVisible();
  await shot(page, 'retries-queued', { fullPage: false });
  await expect(page.getByText('已加入购物车')).toBeVisible({ timeout: 15_000 });
  await expect(indicator).toBeHidden();

  expect(tries).toBe(3);
  expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(new Set(keys).size).toBe(1);
  // One effect: the cart (the visitor's cookie, set by the stored first answer) holds one piece.
  const cart = (await (await page.request.get('/api/v1/cart')).json()) as CartBody;
  expect(cart.data.items.map((i) => i.quantity)).toEqual([1]);
});
