/**
 * A shopper's orders after buying, on both devices: 取消订单 asks for a reason in a dialog whose two
 * buttons cannot be confused; the list's 已取消 and 售后 tabs; 再次购买 fills the cart; 删除订单 takes the
 * order away for good. Paying ends on 支付成功 (title, steps at 支付完成, 查看订单 / 继续购物); the order
 * says how it was paid; an activation code is copied with 复制 and listed in 我的服务.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { OPERATORS } from './env';
import { apiLogin, loginNewShopper } from './login';
import { addAddressByApi, firstSkuId, payOrderInDemo, payWithWechatPage, placeOrder } from './pay';
import { shot } from './shot';

const DEVICE_PRODUCT = { id: 10910, name: '量盾 量子加密耳机 Q1 青春版' };
const SERVICE_PRODUCT = { id: 10921, name: '量子钉' };
const CODE = /^[2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){3}$/;

/** No serious or critical axe violation in what this spec changed (the page's main part, a dialog included). */
async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function login(page: Page) {
  await loginNewShopper(page);
}

const mobileOf = (info: TestInfo) => info.project.name === 'mobile';

test('取消订单 with a reason (暂不取消 / 确认取消) → 已取消 tab → 再次购买 fills the cart → 删除订单 takes it away', async ({ page }, info) => {
  const mobile = mobileOf(info);
  await login(page);
  await addAddressByApi(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, DEVICE_PRODUCT.id));

  await page.goto(`/OrderDetail?orderNo=${orderNo}`);
  await expect(page).toHaveURL(mobile ? /\/OrderDetail\?/ : /\/OrderDetailPC\?/);
  await expect(page.getByRole('heading', { name: '待付款' })).toBeVisible();

  // The dialog: a reason from the list, 暂不取消 (focused, the way back) and 确认取消 (red).
  await page.getByRole('button', { name: '取消订单' }).click();
  const dialog = page.getByRole('dialog', { name: /确定取消这个订单吗/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button')).toHaveText(['暂不取消', '确认取消']);
  await expect(dialog.getByRole('button', { name: '暂不取消' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: '确认取消' })).toHaveClass(/btn-danger/);
  await expect(dialog.getByRole('radio')).toHaveCount(5);
  await expect(dialog.getByRole('group', { name: '取消原因' })).toContainText('不想要了地址填错了商品选错了重复下单其他');
  await dialog.getByRole('button', { name: '确认取消' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请选择取消原因');
  await shot(page, 'cancel-dialog');
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: '暂不取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: '待付款' })).toBeVisible();

  await page.getByRole('button', { name: '取消订单' }).click();
  await dialog.getByRole('radio', { name: '地址填错了' }).check();
  await dialog.getByRole('button', { name: '确认取消' }).click();
  await expect(page.getByRole('heading', { name: '已取消' })).toBeVisible();
  await expect(page.getByText('取消原因：用户取消（地址填错了）')).toBeVisible();
  await expect(page.getByRole('button', { name: '再次购买' })).toBeVisible();
  await expect(page.getByRole('button', { name: '删除订单' })).toBeVisible();
  await shot(page, 'order-cancelled');

  // The list: 已取消 among the tabs, and 售后 last in the same row (the after-sales list, as JD's 退换/售后).
  await page.goto('/Order');
  await expect(page).toHaveURL(mobile ? /\/Order$/ : /\/personalCenter\/PersonalOrder$/);
  const tabs = page.getByRole('navigation', { name: '订单状态' });
  await expect(tabs.getByRole('link')).toHaveText(['全部', '待付款', '待发货', '待收货', '待评价', '已完成', '已取消', '售后']);
  await expect(tabs.getByRole('link', { name: '售后' })).toHaveAttribute('href', mobile ? '/AfterSale' : '/personalCenter/PersonalAfterSale');
  if (mobile) {
    // One row that scrolls sideways: nothing wraps onto a second line.
    const tops = await tabs.getByRole('link').evaluateAll((links) => new Set(links.map((a) => a.getBoundingClientRect().top)).size);
    expect(tops).toBe(1);
  }
  await tabs.getByRole('link', { name: '已取消' }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page.getByText(orderNo)).toBeVisible();
  await expect(page.getByRole('button', { name: '再次购买' })).toBeVisible();
  await shot(page, 'order-list-cancelled');
  await expectAxeClean(page);

  // 再次购买 from the list: the cart opens with the line in it.
  await page.getByRole('button', { name: '再次购买' }).click();
  await page.waitForURL(mobile ? /\/Cart$/ : /\/personalCenter\/PersonalShoppCart$/);
  await expect(page.getByText('已加入购物车').first()).toBeVisible();
  await expect(page.getByText(DEVICE_PRODUCT.name).first()).toBeVisible();
  await shot(page, 'cart-after-rebuy');

  // 删除订单 on the detail: asked first (暂不删除 / 删除订单), then gone from the list and the detail.
  await page.goto(`/OrderDetail?orderNo=${orderNo}`);
  await page.getByRole('button', { name: '删除订单' }).click();
  const ask = page.getByRole('dialog', { name: /删除后/ });
  await expect(ask.getByRole('button')).toHaveText(['暂不删除', '删除订单']);
  await expect(ask.getByRole('button', { name: '暂不删除' })).toBeFocused();
  await shot(page, 'delete-dialog');
  await ask.getByRole('button', { name: '删除订单' }).click();
  await page.waitForURL(mobile ? /\/Order$/ : /\/personalCenter\/PersonalOrder$/);
  await expect(page.getByText('订单已删除').first()).toBeVisible();
  await expect(page.getByText(orderNo)).toHaveCount(0);
  await page.goto(`/OrderDetail?orderNo=${orderNo}`);
  await expect(page.getByText('没有找到这个订单，或暂时无法读取。')).toBeVisible();
  await expect(page.getByRole('heading', { name: '已取消' })).toHaveCount(0);
});

test('paying ends on 支付成功 (title, steps at 支付完成, 查看订单 / 继续购物); the order says 微信支付; 复制 copies a code; 我的服务 lists it', async ({ page, context }, info) => {
  const mobile = mobileOf(info);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, SERVICE_PRODUCT.id));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(mobile ? '选择支付方式' : '收银台');
  await expect(page.getByRole('heading', { name: '支持的支付方式' })).toBeVisible();
  await payWithWechatPage(page, mobile);

  // The page turns into 支付成功 by itself: h1, document title, steps, no pay guide, two ways on.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('支付成功');
  await expect(page).toHaveTitle(/^支付成功 - 量盾商城$/);
  const steps = page.getByRole('list', { name: '下单步骤' });
  await expect(steps.locator('[aria-current="step"]')).toHaveText('支付完成');
  await expect(steps.locator('[data-state="done"]')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: /支持的支付方式|如何付款/ })).toHaveCount(0);
  await expect(page.getByText('请使用微信「扫一扫」扫描二维码付款')).toHaveCount(0);
  const done = page.getByTestId('pay-done');
  await expect(done.getByTestId('order-no')).toHaveText(orderNo);
  await expect(done.getByTestId('order-status')).toHaveText('已完成');
  await expect(done).toContainText('微信支付');
  await expect(page.getByRole('link', { name: '继续购物' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: '查看订单' })).toBeInViewport();
  await shot(page, 'pay-success');
  await expectAxeClean(page);

  // Opened again later: still 支付成功 (drawn on the server), on the other pay screen too.
  await page.goto(`/PayDetail?orderNo=${orderNo}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('支付成功');
  await expect(page).toHaveTitle(/^支付成功/);
  await shot(page, 'pay-success-reopened');

  await page.getByRole('link', { name: '查看订单' }).click();
  await page.waitForURL(new RegExp(`/OrderDetail(PC)?\\?orderNo=${orderNo}`));
  await expect(page.getByTestId('pay-method')).toHaveText('微信支付');
  await expect(page.getByText('付款时间')).toBeVisible();
  const code = ((await page.locator('.license-code').first().textContent()) ?? '').trim();
  expect(code).toMatch(CODE);
  await expect(page.getByRole('link', { name: '查看激活指南' })).toHaveAttribute('href', '/helpCenter/userGuide#activation');
  await page.getByRole('button', { name: `复制激活码 ${code}` }).click();
  await expect(page.getByText('已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await shot(page, 'order-detail-codes');
  await expectAxeClean(page);

  // 我的服务 in the personal center: the code with its product, order and state, and 复制.
  await page.goto('/Service');
  await expect(page).toHaveURL(mobile ? /\/Service$/ : /\/personalCenter\/PersonalService$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('我的服务');
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.getByText(SERVICE_PRODUCT.name).first()).toBeVisible();
  await expect(page.getByRole('link', { name: orderNo })).toBeVisible();
  await expect(page.getByText('未激活').first()).toBeVisible();
  if (!mobile) await expect(page.getByRole('navigation', { name: '个人中心' }).getByRole('link', { name: '我的服务' })).toHaveAttribute('aria-current', 'page');
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: `复制激活码 ${code}` }).click();
  await expect(page.getByText('已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await shot(page, 'my-services');
  await expectAxeClean(page);

  // The activation guide the codes link to.
  await page.goto('/helpCenter/userGuide#activation');
  await expect(page.getByRole('heading', { name: '八、服务激活码' })).toBeVisible();
});

test('复制 works without the Clipboard API too (an old WebView, plain http)', async ({ page }) => {
  await login(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, SERVICE_PRODUCT.id));
  // Paid through the demo gateway's phone (pay.ts): paying is not what this test is about.
  await payOrderInDemo(page, orderNo);
  await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }));
  await page.goto(`/OrderDetail?orderNo=${orderNo}`);
  const code = ((await page.locator('.license-code').first().textContent()) ?? '').trim();
  expect(code).toMatch(CODE);
  await page.evaluate(() => {
    (window as unknown as { copied: string[] }).copied = [];
    document.addEventListener('copy', (e) => {
      const from = e.target instanceof HTMLTextAreaElement ? e.target.value : String(document.getSelection() ?? '');
      (window as unknown as { copied: string[] }).copied.push(from);
    });
  });
  await page.getByRole('button', { name: `复制激活码 ${code}` }).click();
  await expect(page.getByText('已复制')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([code]);
});

test('再次购买 leaves out a line that sold out and says which; the rest goes to the cart', async ({ page, playwright }, info) => {
  const mobile = mobileOf(info);
  const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
  const soldOut = { id: 10922, name: '量子会议' };
  await login(page);
  await addAddressByApi(page);
  const items = [
    { skuId: await firstSkuId(page, DEVICE_PRODUCT.id), quantity: 1 },
    { skuId: await firstSkuId(page, soldOut.id), quantity: 1 },
  ];
  const made = await (await page.request.post('/api/v1/orders', { headers: XRW, data: { items, addressId: await defaultAddressId(page), idempotencyKey: `e2e-${Date.now()}` } })).json();
  expect(made.resultCode, made.message).toBe(200);
  const orderNo = made.data.orderNo as string;
  expect((await (await page.request.post(`/api/v1/orders/${orderNo}/cancel`, { headers: XRW, data: { reason: '商品选错了' } })).json()).resultCode).toBe(200);

  // The operator sells the last 量子会议 elsewhere: its stock is 0 (put back at the end).
  const operator = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const token = await apiLogin(operator, mobile ? OPERATORS.ordersMobile : OPERATORS.ordersDesktop);
  /** Sets the SKU's stock in the console (price unchanged); answers the stock it had. */
  const setStock = async (stock: number): Promise<number> => {
    const product = (await (await operator.get(`/api/v1/admin/products/${soldOut.id}`, { headers: { ...XRW, token } })).json()).data;
    const sku = product.skus.find((s: { id: number }) => s.id === items[1].skuId);
    const res = await (await operator.put(`/api/v1/admin/skus/${sku.id}`, { headers: { ...XRW, token }, data: { priceFen: sku.priceFen, listPriceFen: sku.listPriceFen, stock, version: sku.version } })).json();
    expect(res.resultCode, res.message).toBe(200);
    return sku.stock as number;
  };
  const before = await setStock(0);
  try {
    await page.goto(`/OrderDetail?orderNo=${orderNo}`);
    await page.getByRole('button', { name: '再次购买' }).click();
    await page.waitForURL(mobile ? /\/Cart$/ : /\/personalCenter\/PersonalShoppCart$/);
    await expect(page.getByRole('status').filter({ hasText: '已加入购物车' })).toContainText(`「${soldOut.name}`);
    await expect(page.getByRole('status').filter({ hasText: '已加入购物车' })).toContainText('缺货，未加入');
    await expect(page.getByText(DEVICE_PRODUCT.name).first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: soldOut.name, exact: true })).toHaveCount(0);
    await shot(page, 'cart-after-rebuy-sold-out');
  } finally {
    await setStock(before);
    await operator.dispose();
  }
});

async function defaultAddressId(page: Page): Promise<number> {
  const res = (await (await page.request.get('/api/v1/addresses')).json()) as { data: { id: number }[] };
  return res.data[0].id;
}
