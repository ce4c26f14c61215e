/**
 * The account screens as a shopper meets them on each device: a phone never gets the desktop table
 * of the personal center, 我的 has its order shortcuts with counts and rows that read as rows, the
 * desktop personal center has 我的发票 with its trail, a page's last crumb reads as its h1, the
 * header's name is whole, and the /deployment form shows its 受理编号 where the shopper is looking.
 */
import { expect, request as http, test, type Locator, type Page } from '@playwright/test';
import { E2E_BASE_URL, OPERATORS } from './env';
import { shot } from './shot';
import { apiLogin, loginInForm, masked, newPhone } from './login';
import { addAddressByApi, firstSkuId, payOrderInDemo, placeOrder } from './pay';


/** Logs a new shopper in through the page's own login form (我的 on a phone, the header's dialog on a desktop). */
/**
 * Opens the login dialog with `opener` and closes it, by Esc and then by 关闭: the phone field has the
 * focus while it is open, and `opener` has it again once it is closed.
 */
async function expectLoginDialogGivesFocusBack(opener: Locator) {
  const page = opener.page();
  for (const close of ['Escape', '关闭'] as const) {
    await opener.click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await expect(dialog.getByRole('textbox', { name: '手机号', exact: true })).toBeFocused();
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
}

async function login(page: Page, mobile: boolean): Promise<string> {
  const phone = newPhone();
  if (mobile) {
    await page.goto('/User');
    await loginInForm(page.locator('main'), phone);
  } else {
    await page.goto('/');
    await page.locator('header.site-header').getByRole('button', { name: '登录', exact: true }).click();
    await loginInForm(page.getByRole('dialog', { name: '登录' }), phone);
  }
  return phone;
}

test.describe('phone', () => {
  test.beforeEach(({}, info) => test.skip(info.project.name !== 'mobile', 'the phone'));

  test('a personal-center link opens the phone list, and 我的 counts the orders waiting', async ({ page }) => {
    test.setTimeout(180_000);
    await login(page, true);
    await addAddressByApi(page);
    const orderNo = await placeOrder(page, await firstSkuId(page, 10913));

    // A link shared from a computer: the phone gets its own cards, not the table.
    await page.goto('/personalCenter/PersonalOrder');
    await expect(page).toHaveURL(/\/Order$/);
    await expect(page.locator('table')).toHaveCount(0);
    await expect(page.getByText(orderNo)).toBeVisible();
    await shot(page, 'orders');

    await page.goto('/User');
    const shortcuts = page.getByRole('region', { name: '我的订单' });
    await expect(shortcuts.getByRole('link', { name: '待付款（1）' })).toBeVisible();
    await expect(shortcuts.getByRole('link', { name: '待发货', exact: true })).toBeVisible();
    await expect(shortcuts.getByRole('link', { name: '待收货', exact: true })).toBeVisible();
    await expect(shortcuts.getByRole('link', { name: '待评价', exact: true })).toBeVisible();
    await expect(shortcuts.getByRole('link', { name: '售后', exact: true })).toBeVisible();
    // The five sit side by side on one line.
    const boxes = await Promise.all(['待付款（1）', '待发货', '待收货', '待评价', '售后'].map((n) => shortcuts.getByRole('link', { name: n, exact: true }).boundingBox()));
    expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1);
    await shot(page, 'user');

    // A menu row is a row: pressed, it does not turn into an underlined link.
    const row = page.getByRole('navigation', { name: '账号与服务' }).getByRole('link', { name: '收货地址' });
    await row.hover();
    expect(await row.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
    expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await shortcuts.getByRole('link', { name: '待付款（1）' }).click();
    await expect(page).toHaveURL(/\/Order\?status=pending_payment$/);
    await expect(page.getByText(orderNo)).toBeVisible();
  });
});

test('on a phone, closing the login dialog a product page opened gives focus back to the button that opened it', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'the phone’s bottom bar');
  await page.goto('/proc/10909');
  const heart = page.getByRole('group', { name: '底部购买栏' }).getByRole('button', { name: '收藏' });
  await expectLoginDialogGivesFocusBack(heart);
});

test.describe('desktop', () => {
  test.beforeEach(({}, info) => test.skip(info.project.name !== 'desktop', 'the desktop'));

  test('the personal center has 我的发票 with its trail; the header shows the whole name; the address form’s crumb is its h1', async ({ page }) => {
    const phone = await login(page, false);
    const user = page.locator('header.site-header .header-user');
    await expect(user).toHaveText(masked(phone));
    expect(await user.evaluate((a) => a.scrollWidth <= a.clientWidth)).toBe(true);
    // With the name in it, the header's nav still reads on one line.
    const mainNav = page.getByRole('navigation', { name: '主导航' });
    const first = (await mainNav.getByRole('link').first().boundingBox())!;
    const last = (await mainNav.getByRole('link').last().boundingBox())!;
    expect(Math.abs(last.y - first.y)).toBeLessThan(4);

    await page.goto('/personalCenter/PersonalOrder');
    const nav = page.getByRole('navigation', { name: '个人中心' });
    await nav.getByRole('link', { name: '我的发票' }).click();
    await expect(page).toHaveURL(/\/InvoicePC$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('我的发票');
    await expect(nav.getByRole('link', { name: '我的发票' })).toHaveAttribute('aria-current', 'page');
    const crumbs = page.getByRole('navigation', { name: '面包屑导航' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['首页', '个人中心', '我的发票']);
    await expect(crumbs.getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/personalCenter/PersonalInfo');
    await shot(page, 'invoices');

    await page.goto('/AddressEdit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('新增收货地址');
    await expect(page.getByRole('navigation', { name: '面包屑导航' }).getByRole('listitem').last()).toHaveText('新增收货地址');
  });

  test('closing the login dialog gives focus back to 登录', async ({ page }) => {
    await page.goto('/');
    const open = page.locator('header.site-header').getByRole('button', { name: '登录', exact: true });
    await expectLoginDialogGivesFocusBack(open);
  });
});

test('the carousel’s dots are named buttons and its autoplay can be paused', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: '精选活动' });
  const dots = carousel.locator('.swiper-pagination').getByRole('button');
  await expect(dots.first()).toHaveAccessibleName('第 1 张');
  expect(await dots.count()).toBeGreaterThanOrEqual(2);
  await dots.nth(1).click();
  await expect(dots.nth(1)).toHaveClass(/swiper-pagination-bullet-active/);

  const pause = carousel.getByRole('button', { name: '暂停轮播' });
  await pause.click();
  const play = carousel.getByRole('button', { name: '继续轮播' });
  await expect(play).toBeVisible();
  // Paused: the slide shown stays the slide shown past the autoplay delay.
  const active = await carousel.locator('.swiper-slide-active').getAttribute('aria-label');
  await page.waitForTimeout(4_000);
  expect(await carousel.locator('.swiper-slide-active').getAttribute('aria-label')).toBe(active);
  await play.click();
  await expect(carousel.getByRole('button', { name: '暂停轮播' })).toBeVisible();
});

test('/deployment: after 提交 the answer and its 受理编号 are in view', async ({ page }) => {
  await page.goto('/deployment');
  const form = page.locator('form.help-lead-form');
  await form.getByLabel('姓名').fill('王芳');
  await form.getByLabel('单位名称').fill('合肥某研究所');
  await form.getByLabel('电话').fill('13912340000');
  await form.getByLabel('意向产品').selectOption({ index: 1 });
  const submit = form.getByRole('button', { name: /提交/ });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  const done = page.getByRole('status').getByText(/提交成功/);
  await expect(done).toBeInViewport();
  const no = page.locator('.lead-no');
  await expect(no).toHaveText(/^\d+$/);
  await expect(no).toBeInViewport();
  await shot(page, 'deployment');
});

test('物流详情: each label stands apart from its value, each time from its event', async ({ page }, info) => {
  test.setTimeout(180_000);
  const mobile = info.project.name === 'mobile';
  await login(page, mobile);
  await addAddressByApi(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, 10914));
  await payOrderInDemo(page, orderNo);
  // The operator ships it through the console's API, as its own person on its own network.
  const op = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.31' } });
  const token = await apiLogin(op, mobile ? OPERATORS.logisticsMobile : OPERATORS.logisticsDesktop);
  const shipped = await op.post(`/api/v1/admin/orders/${orderNo}/ship`, {
    headers: { token, 'X-Requested-With': 'XMLHttpRequest' },
    data: { carrier: '顺丰速运', trackingNo: `SF${orderNo.slice(-12)}` },
  });
  expect((await shipped.json()).resultCode).toBe(200);
  await op.dispose();

  await page.goto(`/OrderDistribute?orderNo=${orderNo}`);
  const facts = page.locator('.logistics dl > div');
  await expect(facts.filter({ hasText: '快递公司' })).toContainText('顺丰速运');
  for (const row of await facts.all()) {
    const dt = (await row.locator('dt').boundingBox())!;
    const dd = (await row.locator('dd').boundingBox())!;
    // Side by side with a gap, or the value under its label: never run together.
    expect(dd.x >= dt.x + dt.width + 8 || dd.y >= dt.y + dt.height).toBe(true);
  }
  // The track's heading starts clear of the last fact above it.
  const lastFact = (await facts.last().boundingBox())!;
  const track = (await page.getByRole('heading', { name: '物流轨迹' }).boundingBox())!;
  expect(track.y).toBeGreaterThanOrEqual(lastFact.y + lastFact.height + 12);
  const event = page.locator('.logistics-events li').first();
  const time = (await event.locator('time').boundingBox())!;
  const text = (await event.locator('p').boundingBox())!;
  expect(text.x >= time.x + time.width + 8 || text.y >= time.y + time.height).toBe(true);
  await shot(page, 'logistics');
});
