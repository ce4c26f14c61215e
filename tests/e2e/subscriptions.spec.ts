/**
 * A service bought is a subscription the shopper keeps (docs/subscriptions.md), on both devices: 我的服务
 * lists it with its state and end; 续费 on its page → the pay screen → 支付成功 → the end moved by exactly the
 * years bought, the history saying so.
 */
import { expect, test } from '@playwright/test';
import { loginNewShopper } from './login';
import { payWithWechatPage } from './pay';
import { activeSubscription, api, type Sub } from './subscription-kit';
import { shot } from './shot';

const DAY = 86_400_000;

test('我的服务 → 续费 2 年 → pay → the end moves by exactly 730 days', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';
  await loginNewShopper(page);
  const before = await activeSubscription(page);
  expect(before.stateLabel).toBe('生效中');

  await page.goto('/Service');
  const card = page.locator('article', { hasText: '量子邮箱' }).first();
  await expect(card).toContainText('生效中');
  await expect(card).toContainText(before.endsAt.slice(0, 4));
  await shot(page, 'my-services');
  await card.getByRole('link', { name: '续费', exact: true }).click();
  await page.waitForURL(mobile ? /\/ServiceDetail\?id=\d+#renew$/ : /\/ServiceDetailPC\?id=\d+#renew$/);
  await expect(page.getByRole('heading', { name: '续费', exact: true })).toBeVisible();
  await page.getByText('2 年', { exact: true }).click();
  const price = await page.getByTestId('renew-price').textContent();
  await shot(page, 'subscription-renew');
  await page.getByRole('button', { name: '去支付' }).first().click();
  await page.waitForURL(/\/(PayDetail|PaySelectPC)\?orderNo=\d{20}/);
  await expect(page.getByText(price!).first()).toBeVisible();
  await payWithWechatPage(page, mobile);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('支付成功');

  const after = await api<Sub>(page, 'GET', `/subscriptions/${before.id}`);
  expect(new Date(after.endsAt).getTime() - new Date(before.endsAt).getTime()).toBe(730 * DAY);
  await page.goto(`/ServiceDetail?id=${before.id}`);
  const newEnd = new Date(new Date(after.endsAt).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  await expect(page.locator('main')).toContainText(newEnd);
  await expect(page.locator('main')).toContainText('顺延至');
  await shot(page, 'subscription-renewed');
});
