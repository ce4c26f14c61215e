/**
 * Writing 评价 on desktop and on a phone (docs/reviews.md): a shopper buys a headset and pays, the
 * operator ships it (the console's API, its own login per project), the shopper 确认收货; 我的 counts
 * it under 待评价 (phone), the 待评价 tab lists it, 评价 opens the review screen with the option
 * bought, and the shopper gives 4 stars, text (its count moves), a photo and 匿名评价. The order
 * leaves 待评价; 我的评价 shows the stars, the text as typed and the photo; 追评 works once.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { OPERATORS } from './env';
import { loginInForm, loginNewShopper } from './login';
import { addAddressByApi, payOrderInDemo, placeOrder } from './pay';
import { shot } from './shot';
import { UA } from '../support/user-agents';
import { TINY_PNG } from '../support/tiny-png';

/** 量盾 量子加密头戴耳机 200, 深空灰: the SKU no other spec counts the stock of. */
const PRODUCT = { id: 10913, sku: '深空灰' } as const;
const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
const OPERATOR_IP = { desktop: '198.51.100.41', mobile: '198.51.100.42' } as const;

test('receive, 待评价, review with a photo and 匿名评价, 我的评价, 追评 once', async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const mobile = info.project.name === 'mobile';
  const device = mobile ? 'mobile' : 'desktop';
  const pc = mobile ? '' : 'PC';
  const main = page.locator('main');

  // A shopper buys and pays.
  await loginNewShopper(page);
  await addAddressByApi(page);
  const { skus } = ((await (await page.request.get(`/api/v1/products/${PRODUCT.id}`)).json()) as { data: { skus: { id: number; name: string }[] } }).data;
  const orderNo = await placeOrder(page, skus.find((s) => s.name === PRODUCT.sku)!.id);
  await payOrderInDemo(page, orderNo);

  // The operator ships it, through the console's API with the console's login.
  const ctx = await browser.newContext({
    baseURL: info.project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    userAgent: UA.windowsChrome,
    viewport: { width: 1366, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': OPERATOR_IP[device] },
  });
  const op = await ctx.newPage();
  await op.goto('/');
  await op.locator('header.site-header').getByRole('button', { name: '登录', exact: true }).click();
  await loginInForm(op.getByRole('dialog', { name: '登录' }), mobile ? OPERATORS.reviewsMobile : OPERATORS.reviewsDesktop);
  await expect(op.locator('header.site-header').getByRole('button', { name: '退出登录' })).toBeVisible();
  const shipped = await op.request.post(`/api/v1/admin/orders/${orderNo}/ship`, { headers: XRW, data: { carrier: '顺丰速运', trackingNo: `SF${orderNo.slice(-12)}` } });
  expect((await shipped.json()).resultCode).toBe(200);
  await ctx.close();

  // 确认收货.
  await page.goto(`/OrderDetail${pc}?orderNo=${orderNo}`);
  await page.getByRole('button', { name: '确认收货' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认收货' }).click();
  await expect(page.getByRole('heading', { name: '已完成' })).toBeVisible();

  // 待评价: the shortcut's count on the phone's 我的, the tab of the order list.
  await expect(page.getByRole('link', { name: '评价', exact: true })).toBeVisible();
  await shot(page, 'review-order-detail');
  if (mobile) {
    await page.goto('/User');
    await shot(page, 'review-user');
    await main.getByRole('link', { name: '待评价（1）' }).click();
    await page.waitForURL(/\/Order\?status=to_review$/);
  } else {
    await page.goto('/personalCenter/PersonalOrder');
    await main.getByRole('navigation', { name: '订单状态' }).getByRole('link', { name: '待评价' }).click();
    await page.waitForURL(/\/personalCenter\/PersonalOrder\?status=to_review$/);
  }
  await expect(main.getByRole('link', { name: '待评价' })).toHaveAttribute('aria-current', 'page');
  // The chosen tab is brought into the row's view on a phone (the row scrolls sideways).
  await expect(main.getByRole('link', { name: '待评价' })).toBeInViewport({ ratio: 1 });
  const card = mobile ? main.getByRole('article', { name: `订单 ${orderNo}` }) : main.getByRole('row').filter({ hasText: orderNo });
  await expect(card).toHaveCount(1);
  if (mobile) {
    // A finished order's card: 删除订单 small by its state, 查看详情 by the total, and three buttons in one row.
    await expect(card.getByRole('button', { name: '删除订单' })).toBeVisible();
    await expect(card.getByRole('link', { name: '查看详情' })).toBeVisible();
    const buttons = card.locator('footer').locator('a, button');
    await expect(buttons).toHaveText(['申请售后', '再次购买', '评价']);
    expect(await buttons.evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size)).toBe(1);
  }
  await shot(page, 'review-to-review');
  await card.getByRole('link', { name: '评价', exact: true }).click();
  await page.waitForURL(new RegExp(`/ReviewApply${pc}\\?orderNo=${orderNo}$`));

  // The review: the option shown, 4 stars, text with its count, a photo, 匿名评价.
  const form = main.getByRole('form', { name: /^评价 量盾 量子加密头戴耳机 200/ });
  await expect(main.getByText(`已购规格：${PRODUCT.sku}`)).toBeVisible();
  await form.getByRole('radio', { name: '4星' }).check({ force: true });
  await expect(form.getByText('好', { exact: true })).toBeVisible();
  const text = '降噪很好，<b>不是粗体</b>\n佩戴舒适';
  await form.getByRole('textbox', { name: '评价内容' }).fill(text);
  await expect(form.getByText(`${text.length}/500`)).toBeVisible();
  await form.locator('input[type=file]').setInputFiles({ name: 'headset.png', mimeType: 'image/png', buffer: TINY_PNG });
  const thumb = form.getByRole('img', { name: '晒图 1' });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(3);
  await form.getByRole('checkbox', { name: /匿名评价/ }).check();
  await shot(page, 'review-form');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: '发表评价' }).click();
  const done = main.getByRole('status').filter({ hasText: '评价成功' }).first();
  await expect(done).toBeVisible();
  await shot(page, 'review-done');

  // The order has left 待评价.
  await page.goto(mobile ? '/Order?status=to_review' : '/personalCenter/PersonalOrder?status=to_review');
  await expect(mobile ? main.getByRole('article', { name: `订单 ${orderNo}` }) : main.getByRole('row').filter({ hasText: orderNo })).toHaveCount(0);

  // 我的评价: from 我的 on the phone, the personal center's tab on the desktop.
  if (mobile) {
    await page.goto('/User');
    await main.getByRole('link', { name: '我的评价' }).click();
    await page.waitForURL(/\/Review$/);
  } else {
    await page.goto('/personalCenter/PersonalInfo');
    await page.getByRole('navigation', { name: '个人中心' }).getByRole('link', { name: '我的评价' }).click();
    await page.waitForURL(/\/personalCenter\/PersonalReview$/);
  }
  const mine = main.getByRole('article', { name: /^评价 量盾 量子加密头戴耳机 200/ });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole('img', { name: '4 星' })).toBeVisible();
  await expect(mine.getByText('已购规格：深空灰')).toBeVisible();
  await expect(mine.locator('.review-content').first()).toHaveText(text);
  await expect(mine.locator('b')).toHaveCount(0);
  await expect(mine.getByText(/^匿名/)).toBeVisible();
  await expect.poll(() => mine.getByRole('img', { name: '晒图 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(3);

  // 追评, once.
  await mine.getByRole('button', { name: /^追评/ }).click();
  const appendForm = mine.getByRole('form', { name: /^追评/ });
  await appendForm.getByRole('textbox', { name: '追评内容' }).fill('用了两周，续航依然很好。');
  await appendForm.getByRole('button', { name: '发表追评' }).click();
  await expect(mine.getByRole('region', { name: '追评' })).toContainText('用了两周，续航依然很好。');
  await expect(mine.getByRole('button', { name: /^追评/ })).toHaveCount(0);
  await page.reload();
  await expect(main.getByRole('region', { name: '追评' })).toContainText('用了两周，续航依然很好。');
  await expect(main.getByRole('button', { name: /^追评/ })).toHaveCount(0);
  await shot(page, 'review-mine');
  expect(await seriousViolations(page)).toEqual([]);
});
