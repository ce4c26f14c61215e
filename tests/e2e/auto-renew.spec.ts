/**
 * 自动续费 on a subscription's page, on both devices (docs/subscriptions.md#自动续费): nothing chosen for the
 * shopper; 开通 opens the provider's page (the demo phone) where 同意并签约 signs it and returns to 我的服务;
 * on the subscription's page it is 已开启 with when it will be charged; 关闭自动续费 is one click and a confirm, and the contract is ended.
 */
import { expect, test } from '@playwright/test';
import { loginNewShopper } from './login';
import { shot } from './shot';
import { activeSubscription, api } from './subscription-kit';

test('开通自动续费 on the demo phone, then 关闭 in one step', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';
  await loginNewShopper(page);
  const s = await activeSubscription(page);
  await page.goto(`/ServiceDetail?id=${s.id}#auto-renew`);
  await page.waitForURL(mobile ? /\/ServiceDetail\?id=\d+/ : /\/ServiceDetailPC\?id=\d+/);
  const box = page.locator('#auto-renew');
  await expect(box.getByTestId('auto-renew')).toHaveText('未开启');

  // Never on by default: no provider chosen, and 开通 without one asks for it.
  const wechat = box.getByRole('radio', { name: '微信支付' });
  await expect(wechat).not.toBeChecked();
  await expect(box.getByRole('radio', { name: '支付宝' })).not.toBeChecked();
  await expect(box).toContainText('到期前 5 天通知扣款金额，可随时关闭');
  await box.getByRole('button', { name: '开通自动续费' }).click();
  await expect(box.getByRole('alert')).toHaveText('请选择微信支付或支付宝');

  await wechat.check();
  const opened = page.context().waitForEvent('page');
  await box.getByRole('button', { name: '开通自动续费' }).click();
  const phone = await opened;
  await phone.waitForLoadState();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('微信支付 · 委托代扣');
  await expect(phone.getByTestId('sandbox-amount')).toHaveText(/^¥[\d,]+\.\d{2} \/ 年$/);
  await expect(phone.locator('main')).toContainText('量子邮箱');
  await shot(phone, 'auto-renew-sign');
  await phone.getByRole('button', { name: '同意并签约' }).click();
  // Signed, the provider sends the shopper back to 我的服务, where the card says so.
  await phone.waitForURL(/\/(Service|personalCenter\/PersonalService)$/);
  await expect(phone.locator('article', { hasText: '量子邮箱' }).first()).toContainText('自动续费已开启（微信支付）');
  await phone.close();

  await box.getByRole('button', { name: '刷新状态' }).click();
  await expect(box).toContainText('自动续费：已开通（微信支付）');
  await expect(box.getByTestId('next-charge')).toHaveText(/^下次扣款：\d{4}-\d{2}-\d{2} 到期时，约 ¥[\d,]+\.\d{2}（金额以扣款前 5 天的通知为准）$/);
  await shot(page, 'auto-renew-on');

  await box.getByRole('button', { name: '关闭自动续费' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '关闭自动续费' }).click();
  await expect(box.getByTestId('auto-renew')).toHaveText('未开启');
  await expect(box.getByRole('button', { name: '开通自动续费' })).toBeVisible();
  const after = await api<{ contract: { state: string; stateLabel: string } }>(page, 'GET', `/subscriptions/${s.id}`);
  expect(after.contract).toMatchObject({ state: 'terminated', stateLabel: '已关闭' });
});
