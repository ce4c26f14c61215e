/**
 * Paying, as a shopper does it, against the demo gateways: desktop scans the WeChat QR code
 * (the demo phone confirms) and sees 支付成功 then 待发货; mobile pays with Alipay (pay form → cashier
 * → 确认付款 → back to the shop) and sees 待发货; a service order paid with WeChat H5 shows 已完成 and
 * its activation codes.
 */
import { expect, test, type Page } from '@playwright/test';
import { loginNewShopper } from './login';
import { addAddressByApi, firstSkuId, payWithWechatPage, placeOrder } from './pay';

/** A new shopper logs in through the form (after any skip: a skipped test spends no SMS code). */
async function login(page: Page) {
  await loginNewShopper(page);
}

test('desktop: 微信支付 QR code → the phone confirms → 支付成功 → the order is 待发货', async ({ page, context }, info) => {
  test.skip(info.project.name !== 'desktop', 'the QR code is the desktop way');
  await login(page);
  await addAddressByApi(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, 10915));
  await expect(page).toHaveURL(/\/PaySelectPC\?/);
  await expect(page.getByRole('radio', { name: /微信支付/ })).toBeChecked();
  await page.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(/\/WxpayDetailPC\?orderNo=/);
  await expect(page.getByTestId('wechat-qr')).toBeVisible();
  await expect(page.locator('.pay-amount')).toHaveText('¥1,599.00');

  // The shopper's phone: the QR code's address, where 确认支付 pays.
  const [phone] = await Promise.all([context.waitForEvent('page'), page.getByTestId('demo-phone').click()]);
  await expect(phone.getByTestId('sandbox-amount')).toHaveText('¥1,599.00');
  await phone.getByRole('button', { name: '确认支付' }).click();
  await expect(phone.getByText('支付成功，请回到商城查看订单。')).toBeVisible();

  // The shop learns it from the notification and the page, polling, shows it.
  await expect(page.getByRole('heading', { name: '支付成功', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: '查看订单' }).click();
  await page.waitForURL(new RegExp(`/OrderDetailPC\\?orderNo=${orderNo}`));
  await expect(page.getByText('待发货').first()).toBeVisible();
});

test('mobile: 支付宝支付 → the cashier → 确认付款 → back in the shop, 待发货', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'wap pay is the mobile way');
  await login(page);
  await addAddressByApi(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, 10913));
  await expect(page).toHaveURL(/\/PayDetail\?/);
  await page.getByRole('radio', { name: /支付宝支付/ }).check();
  await page.getByRole('button', { name: '确认支付' }).click();
  // The pay form submits itself to Alipay, which shows its cashier.
  await page.waitForURL(/\/sandbox\/alipay\/cashier\//);
  await expect(page.getByTestId('sandbox-amount')).toHaveText('¥1,999.00');
  await page.getByRole('button', { name: '确认付款' }).click();
  await page.waitForURL(/\/PayDetail\?orderNo=\d{20}&paymentNo=\d{22}/);
  await expect(page.getByRole('heading', { name: '支付成功', level: 1 })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  await page.getByRole('link', { name: '查看订单' }).click();
  await page.waitForURL(new RegExp(`/OrderDetail\\?orderNo=${orderNo}`));
  await expect(page.getByText('待发货').first()).toBeVisible();
});

test('a service order paid with WeChat shows 已完成 and its activation code', async ({ page }, info) => {
  await login(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, 10920));
  const mobile = info.project.name === 'mobile';
  await payWithWechatPage(page, mobile);
  await expect(page.getByRole('heading', { name: '支付成功', level: 1 })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('已完成');
  await page.getByRole('link', { name: '查看订单' }).click();
  await page.waitForURL(new RegExp(`/OrderDetail(PC)?\\?orderNo=${orderNo}`));
  await expect(page.getByText('已完成').first()).toBeVisible();
  await expect(page.getByText(/[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/).first()).toBeVisible();
});
