/**
 * The console's 订阅 pages on a desktop (docs/subscriptions.md#the-console): the operator finds a shopper's
 * subscription by their phone, opens it (service, seats, term, the code 已激活, no 自动续费 yet), moves its end
 * by 30 days with a reason, and reads the move in the subscription's history and the audit log.
 */
import { expect, test } from '@playwright/test';
import { OPERATORS } from './env';
import { loginNewShopper, logInOperator, masked } from './login';
import { shot } from './shot';
import { activeSubscription } from './subscription-kit';

test.skip(({ isMobile }) => isMobile, 'the console is a desktop screen');

const DAY = 86_400_000;
/** The day in Beijing time, as the console writes it. */
const shopDay = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

test('订阅: search by phone → one subscription → 延长服务期 30 天, in its history and the audit log', async ({ page, browser }) => {
  const shopperPage = await (await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.160' } })).newPage();
  const phone = await loginNewShopper(shopperPage);
  const s = await activeSubscription(shopperPage);
  await shopperPage.context().close();

  await logInOperator(page, OPERATORS.subscriptionsDesktop, '198.51.100.161');
  await page.goto('/admin/subscriptions');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('订阅');
  const search = page.getByRole('search', { name: '查找订阅' });
  await search.getByLabel('手机号').fill(phone);
  await search.getByRole('button', { name: '查询' }).click();
  await page.waitForURL(/phone=/);
  const rows = page.locator('.admin-table tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(masked(phone));
  await expect(rows.first()).toContainText('量子邮箱');
  await expect(rows.first()).toContainText('生效中');
  await shot(page, 'console-subscriptions');

  await rows.first().getByRole('link', { name: String(s.id), exact: true }).click();
  await page.waitForURL(`**/admin/subscriptions/${s.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`订阅 ${s.id}`);
  const facts = page.locator('section', { has: page.getByRole('heading', { name: '订阅信息' }) });
  await expect(facts).toContainText('已用 1 / 共 1');
  await expect(facts).toContainText(shopDay(s.endsAt));
  await expect(page.locator('section', { has: page.getByRole('heading', { name: /^激活码/ }) })).toContainText('已激活');
  await expect(page.locator('section', { has: page.getByRole('heading', { name: '自动续费扣款' }) })).toContainText('未开通自动续费。');

  const adjust = page.getByRole('form', { name: '延长或缩短服务期' });
  const newEnd = shopDay(new Date(new Date(s.endsAt).getTime() + 30 * DAY).toISOString());
  await adjust.getByLabel(/调整天数/).fill('30');
  await expect(adjust).toContainText(`调整后 ${newEnd}`);
  await adjust.getByLabel(/调整原因/).fill('服务中断补偿');
  await adjust.getByRole('button', { name: '调整服务期' }).click();
  await expect(page.getByText('服务期已延长 30 天')).toBeVisible();

  const history = page.locator('section', { has: page.getByRole('heading', { name: '订阅历史' }) });
  await expect(history.locator('tbody tr').first()).toContainText('运营调整服务期');
  await expect(history.locator('tbody tr').first()).toContainText('服务中断补偿');
  await expect(history.locator('tbody tr').first()).toContainText(newEnd);
  await expect(facts).toContainText(newEnd);
  await expect(page.getByRole('region', { name: '操作记录' })).toContainText('调整订阅服务期');
  await shot(page, 'console-subscription');
});
