/**
 * 确认订单 on both devices: every card of the page opens with a title a shopper can read (no empty
 * title row above a line), and the card of the sums is titled 订单金额 — beside the goods on the
 * desktop, above the bottom bar on a phone.
 */
import { expect, test } from '@playwright/test';
import { loginNewShopper } from './login';
import { addAddressByApi, firstSkuId } from './pay';
import { shot } from './shot';

test('every card of the checkout has a visible title; the sums are under 订单金额', async ({ page }) => {
  await loginNewShopper(page);
  await addAddressByApi(page);
  const skuId = await firstSkuId(page, 10909);
  await page.goto(`/CreateOrder?skuId=${skuId}&quantity=1`);
  const summary = page.locator('section.checkout-submit');
  await expect(summary.locator('.order-totals')).toContainText('实付金额');

  await expect(summary.getByRole('heading', { level: 2 })).toHaveText('订单金额');
  const cards = page.locator('.checkout section.card');
  expect(await cards.count()).toBeGreaterThanOrEqual(3);
  for (const card of await cards.all()) {
    const title = card.locator('h2, legend, label').first();
    const box = await title.boundingBox();
    const text = ((await title.textContent()) ?? '').trim();
    // A title squeezed to one pixel (read by a screen reader only) leaves its row empty on the screen.
    expect(text, await card.innerText()).not.toBe('');
    expect(box && box.height >= 12 && box.width >= 12, `「${text}」 shows on the screen`).toBe(true);
  }
  await shot(page, 'checkout-summary');
});
