/**
 * Small things a shopper notices on the personal-center screens: the desktop order list keeps its date
 * and state on one line and shows the goods' pictures; 我的优惠券 leaves room between the code box and the
 * first coupon; the phone's order detail starts with the order's next step and folds the rest under 更多
 * with 删除订单 last; a message tab with nothing unread offers no 全部已读; 消息设置 says which messages
 * go by SMS whatever is set; 联系我们 leads to 在线客服.
 */
import { expect, test, type Page } from '@playwright/test';
import { loginNewShopper } from './login';
import { OPERATORS } from './env';
import { firstSkuId, giveCoupon, payOrderInDemo, placeOrder } from './pay';
import { shot } from './shot';

/** 量子邮箱: a service, completed once paid, so its order offers every finished order's button. */
const SERVICE = 10920;

async function completedOrder(page: Page): Promise<string> {
  await loginNewShopper(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, SERVICE));
  await payOrderInDemo(page, orderNo);
  return orderNo;
}

/** The space between the redeem box and the first coupon card under it. */
async function expectRoomUnderCodeBox(page: Page, mobile: boolean) {
  await giveCoupon(page, mobile ? { operator: OPERATORS.shopperScreensMobile, ip: '198.51.100.112' } : { operator: OPERATORS.shopperScreensDesktop, ip: '198.51.100.111' });
  await page.goto('/Coupon');
  const form = page.getByRole('form', { name: '兑换优惠码' });
  const first = page.locator('main .coupon-list > li').first();
  await expect(first).toBeVisible();
  const gap = (await first.boundingBox())!.y - ((await form.boundingBox())!.y + (await form.boundingBox())!.height);
  expect(gap, 'px between the code box and the first coupon').toBeGreaterThanOrEqual(12);
}

test('desktop 我的订单: the date and the state on one line each, and a picture of the goods', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'the desktop table');
  const orderNo = await completedOrder(page);
  await page.goto('/personalCenter/PersonalOrder');
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: orderNo }) });
  await expect(row.getByText('已完成')).toBeVisible();
  // One line box each: 「已/完/成」 one character a line had three.
  for (const [what, cell] of [['状态', row.getByText('已完成')], ['下单时间', row.locator('time')]] as const) {
    expect(await cell.evaluate((el) => el.getClientRects().length), `${what} on one line`).toBe(1);
    expect((await cell.boundingBox())!.height, `${what} one line high`).toBeLessThan(30);
  }
  const picture = row.locator('img').first();
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = (await picture.boundingBox())!;
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([48, 48]);
  await shot(page, 'order-table');

  await expectRoomUnderCodeBox(page, false);
});

test('phone: the order detail starts with the next step, folds the rest under 更多 with 删除订单 last', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'the phone order detail');
  const orderNo = await completedOrder(page);
  await page.goto(`/OrderDetail?orderNo=${orderNo}`);
  const bar = page.locator('.order-actions');
  const shown = bar.locator(':scope > a, :scope > button');
  await expect(shown.first()).toHaveText('评价');
  await expect(shown).toHaveText(['评价', '再次购买', '申请售后']);
  const deleteButton = bar.getByRole('button', { name: '删除订单' });
  await expect(deleteButton).toBeHidden();
  // One row: every shown button and 更多 share a line.
  const tops = await bar.locator(':scope > a, :scope > button, :scope > details > summary').evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size);
  expect(tops).toBe(1);

  await bar.getByText('更多', { exact: true }).click();
  const menu = bar.locator('.order-more-menu');
  await expect(menu.locator('a, button')).toHaveText(['申请开票', '联系客服', '删除订单']);
  await shot(page, 'order-detail-more');
  await deleteButton.click();
  await expect(page.getByRole('dialog', { name: /删除后/ })).toBeVisible();
  await page.getByRole('dialog', { name: /删除后/ }).getByRole('button', { name: '暂不删除' }).click();

  // 消息中心: the order's messages offer 全部已读; a tab with nothing in it does not.
  await expect(async () => {
    await page.goto('/Message');
    await expect(page.getByRole('button', { name: '全部已读' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.goto('/Message?category=aftersale');
  await expect(page.getByText('共 0 条')).toBeVisible();
  await expect(page.getByRole('button', { name: '全部已读' })).toHaveCount(0);
  await shot(page, 'messages-empty-tab');

  // 消息设置: 到货通知 is among what always goes by SMS, not under 优惠促销's switch.
  await page.goto('/MessageSetting');
  const promotion = page.getByRole('switch', { name: /优惠促销/ });
  await expect(promotion).toBeVisible();
  await expect(page.locator('label').filter({ has: promotion })).not.toContainText('到货');
  await expect(page.locator('.msg-always')).toContainText('到货通知');

  await expectRoomUnderCodeBox(page, true);
});

test('联系我们 leads to 在线客服', async ({ page }) => {
  await page.goto('/aboutMe');
  const channels = page.locator('.contact-channels');
  await expect(channels.getByRole('heading', { name: '在线客服' })).toBeVisible();
  await channels.getByRole('link', { name: '进入在线客服' }).click();
  await expect(page).toHaveURL(/\/Support$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('在线客服');
});
