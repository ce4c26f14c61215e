/**
 * The buying path on desktop and mobile: an anonymous cart, login keeps it, a new address
 * with the region picker (the four messages on bad input), checkout, the order detail shows 待付款
 * with its countdown, 取消订单 → 已取消 and the stock comes back.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADDRESS_MESSAGES } from '../../lib/validation/address';
import { loginNewShopper } from './login';
import { shot } from './shot';

/** Each project buys its own product, so parallel runs never share stock. */
const PRODUCT = { desktop: { id: 10916, name: '量盾 量子加密移动硬盘 100' }, mobile: { id: 10924, name: '量盾 量子加密头戴耳机 100' } };

async function skuStock(page: Page, productId: number): Promise<number> {
  const res = await page.request.get(`/api/v1/products/${productId}`);
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { skus: { stock: number }[] } };
  return data.skus[0].stock;
}

test('anonymous cart → login → address → checkout → 待付款 → 取消订单 → stock back', async ({ page }, info) => {
  const product = PRODUCT[info.project.name === 'mobile' ? 'mobile' : 'desktop'];
  const cartPath = info.project.name === 'mobile' ? '/Cart' : '/personalCenter/PersonalShoppCart';
  const stockBefore = await skuStock(page, product.id);

  // Anonymous: 加入购物车 on the product page.
  await page.goto(`/proc/${product.id}`);
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByText('已加入购物车').first()).toBeVisible();

  // The cart page is one cached page for everyone (its lines come from the API), telling a visitor
  // where the cart is kept.
  await page.goto(cartPath);
  await expect(page.locator('main').getByText(product.name).first()).toBeVisible();
  await expect(page.locator('main').getByText('未登录时购物车保存在本浏览器中，登录后会合并到您的账号。')).toBeVisible();
  expect((await page.request.get(cartPath)).headers()['x-nextjs-cache']).toBe('HIT');
  await shot(page, 'cart-visitor', { fullPage: false });

  // Log in (desktop /User lands on the personal center, which shows the same form).
  await loginNewShopper(page);

  // The cart survived the login, and the same page now says it is the account's.
  await page.goto(cartPath);
  await expect(page.locator('main').getByText(product.name).first()).toBeVisible();
  await expect(page.locator('main').getByText('您的购物车已保存在账号中，在手机和电脑上登录后都能看到。')).toBeVisible();
  await expect(page.locator('main').getByText(/未登录时购物车/)).toHaveCount(0);
  await shot(page, 'cart-account', { fullPage: false });

  // A new address: the four messages on an empty form, then a valid one with the region picker.
  await page.goto('/AddressEdit');
  await page.getByRole('button', { name: '保存' }).click();
  for (const message of Object.values(ADDRESS_MESSAGES)) await expect(page.getByText(message).first()).toBeVisible();
  await page.getByRole('textbox', { name: '姓名' }).fill('王小明');
  await page.getByRole('textbox', { name: '电话' }).fill('13912345678');
  await page.getByRole('combobox', { name: '省份' }).selectOption({ label: '安徽省' });
  await page.getByRole('combobox', { name: '城市' }).selectOption({ label: '合肥市' });
  await page.getByRole('combobox', { name: '区县' }).selectOption({ label: '蜀山区' });
  await page.getByRole('textbox', { name: '详细地址' }).fill('科学大道 909 号 A 座 3 楼');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('科学大道 909 号 A 座 3 楼').first()).toBeVisible();

  // Checkout from the cart (the proxy picks the device's screen) and submit once.
  await page.goto('/CreateOrder?fromCart=1');
  await expect(page.getByText('王小明').first()).toBeVisible();
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/(PayDetail|PaySelectPC)\?orderNo=\d{20}/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
  expect(await skuStock(page, product.id)).toBe(stockBefore - 1);

  // The order: 待付款 with the countdown, then 取消订单.
  await page.goto(`/OrderDetail?orderNo=${orderNo}`);
  await expect(page.getByText('待付款').first()).toBeVisible();
  await expect(page.getByTestId('pay-countdown')).toHaveText(/^(29|30):\d{2}$/);
  await page.getByRole('button', { name: '取消订单' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: '不想要了' }).check();
  await page.getByRole('dialog').getByRole('button', { name: '确认取消' }).click();
  await expect(page.getByText('已取消').first()).toBeVisible();
  await expect.poll(() => skuStock(page, product.id)).toBe(stockBefore);
});
