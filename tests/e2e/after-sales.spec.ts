/**
 * After-sales on desktop and on a phone: a shopper buys two of a disk, the operator ships the order,
 * the shopper confirms receipt and asks for 退货退款 of one unit (七天无理由退货, with a photo); asking
 * again while it is open shows no form but the line's reason and the way to the request. The
 * operator (desktop console, its own login per project) sees the request on the dashboard, opens it
 * from the 售后 queue with its photo and 同意s; the shopper sees the return address and sends the
 * waybill (退货中); the operator 确认收货 with 入库, which refunds at once through the demo gateway.
 * The shopper then reads 已退款 with the amount, the order reads 部分退款 with 已退款 ¥… under 实付 and
 * the line's 查看退款 opening the request, 我的售后 lists the request,
 * and the disk's stock is what it was less the one unit kept.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatFen } from '../../lib/domain/money';
import { OPERATORS } from './env';
import { loginInForm, loginNewShopper } from './login';
import { addAddressByApi, payOrderInDemo } from './pay';
import { shot } from './shot';
import { UA } from '../support/user-agents';
import { TINY_PNG } from '../support/tiny-png';

/** No other spec buys 10915; each project buys its own SKU, so parallel runs never share stock. */
const PRODUCT = { id: 10915, sku: { desktop: '1TB', mobile: '2TB' } } as const;
const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
const OPERATOR_IP = { desktop: '198.51.100.21', mobile: '198.51.100.22' } as const;

type Sku = { id: number; name: string; stock: number; priceFen: number };

async function skuOf(page: Page, name: string): Promise<Sku> {
  const res = await page.request.get(`/api/v1/products/${PRODUCT.id}`);
  const { skus } = ((await res.json()) as { data: { skus: Sku[] } }).data;
  const sku = skus.find((s) => s.name === name);
  expect(sku, `${PRODUCT.id} ${name}`).toBeTruthy();
  return sku!;
}

/** The operator's console in a desktop browser of its own, logged in through the header's 登录 dialog. */
async function operatorConsole(browser: Browser, phone: string, ip: string): Promise<Page> {
  const ctx = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    userAgent: UA.windowsChrome,
    viewport: { width: 1366, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': ip },
  });
  const op = await ctx.newPage();
  await op.goto('/');
  const header = op.locator('header.site-header');
  await header.getByRole('button', { name: '登录', exact: true }).click();
  await loginInForm(op.getByRole('dialog', { name: '登录' }), phone);
  await expect(header.getByRole('button', { name: '退出登录' })).toBeVisible();
  // loginInForm gave the page a shopper's address; the operator keeps its own.
  await op.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
  return op;
}

/** The <dd> after the <dt> that reads `term` in the console's fact list. */
const fact = (op: Page, term: string) => op.locator('dl.admin-facts dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

test('退货退款 of one of two units: photo, approval in the console, return waybill, 入库, refund of one unit, 部分退款, stock back', async ({ page, browser }, info) => {
  test.setTimeout(240_000);
  const mobile = info.project.name === 'mobile';
  const device = mobile ? 'mobile' : 'desktop';
  const pc = mobile ? '' : 'PC';
  const main = page.locator('main');

  // A shopper buys two and pays.
  await loginNewShopper(page);
  await addAddressByApi(page);
  const before = await skuOf(page, PRODUCT.sku[device]);
  await page.goto(`/CreateOrder?skuId=${before.id}&quantity=2`);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/(PayDetail|PaySelectPC)\?orderNo=\d{20}/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
  await payOrderInDemo(page, orderNo);

  // The operator ships it (the console's API, with the console's login).
  const op = await operatorConsole(browser, mobile ? OPERATORS.afterSaleMobile : OPERATORS.afterSaleDesktop, OPERATOR_IP[device]);
  const shipped = await op.request.post(`/api/v1/admin/orders/${orderNo}/ship`, { headers: XRW, data: { carrier: '顺丰速运', trackingNo: `SF${orderNo.slice(-12)}` } });
  expect((await shipped.json()).resultCode).toBe(200);

  // 确认收货, then 申请售后 from the order.
  await page.goto(`/OrderDetail${pc}?orderNo=${orderNo}`);
  await expect(page.getByRole('heading', { name: '待收货' })).toBeVisible();
  await page.getByRole('button', { name: '确认收货' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认收货' }).click();
  await expect(page.getByRole('heading', { name: '已完成' })).toBeVisible();
  await page.getByRole('link', { name: '申请售后' }).first().click();
  await page.waitForURL(new RegExp(`/AfterSaleApply${pc}\\?orderNo=${orderNo}`));

  // One of the two, 退货退款, 七天无理由退货, a photo; the preview is one unit's price (the shopper's reason: no shipping back).
  await main.getByRole('checkbox').first().check();
  const qty = main.getByRole('group', { name: /退换数量/ });
  await expect(qty.getByRole('textbox', { name: '数量' })).toHaveValue('2');
  await qty.getByRole('button', { name: '减少数量' }).click();
  await expect(qty.getByRole('textbox', { name: '数量' })).toHaveValue('1');
  await main.getByRole('radio', { name: '退货退款' }).check();
  await main.getByRole('radio', { name: /^七天无理由退货/ }).check();
  await expect(main.getByTestId('after-sale-refund')).toHaveText(`预计退款 ${formatFen(before.priceFen)}`);
  await main.getByRole('textbox', { name: '问题描述' }).fill('包装未拆，不再需要');
  await main.locator('input[type=file]').setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: TINY_PNG });
  const thumb = main.getByRole('img', { name: '凭证 1' });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(3);
  await main.getByRole('button', { name: '提交申请' }).click();
  await page.waitForURL(new RegExp(`/AfterSaleDetail${pc}\\?afterSaleNo=\\d{20}$`));
  const afterSaleNo = new URL(page.url()).searchParams.get('afterSaleNo')!;
  await expect(main.getByRole('heading', { name: '待审核' })).toBeVisible();
  await expect(main.getByTestId('after-sale-no')).toHaveText(afterSaleNo);

  // Asked again while that request is open: no form, but why and until when, with the way to the request.
  await page.goto(`/AfterSaleApply${pc}?orderNo=${orderNo}`);
  await expect(main.getByRole('heading', { name: '暂时不能申请售后' })).toBeVisible();
  const waiting = main.getByRole('list', { name: '各商品的售后情况' }).getByRole('listitem');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('× 1');
  await expect(waiting).toContainText(`正在售后中（售后单 ${afterSaleNo}，待审核），处理完成后可再申请`);
  await expect(main.getByRole('checkbox')).toHaveCount(0);
  await expect(main.getByRole('button', { name: '提交申请' })).toHaveCount(0);
  await expect(main.getByRole('textbox', { name: '问题描述' })).toHaveCount(0);
  await shot(page, 'after-sale-apply-waiting');
  await waiting.getByRole('link', { name: '查看进度' }).click();
  await page.waitForURL(new RegExp(`/AfterSaleDetail${pc}\\?afterSaleNo=${afterSaleNo}$`));
  await expect(main.getByRole('heading', { name: '待审核' })).toBeVisible();

  // The console: 待审核售后 on the dashboard, the queue, the request with its photo, 同意.
  await op.goto('/admin');
  await expect(op.locator('.admin-card', { hasText: '待审核售后' }).locator('dd')).not.toHaveText('0');
  await op.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '售后' }).click();
  await expect(op.getByRole('heading', { name: '售后', exact: true })).toBeVisible();
  const search = op.getByRole('search', { name: '筛选售后' });
  await search.getByLabel('售后单号 / 订单号 / 手机号').fill(orderNo);
  await search.getByRole('button', { name: '查询' }).click();
  const row = op.getByRole('row').filter({ has: op.getByRole('rowheader', { name: afterSaleNo }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: '待审核' })).toBeVisible();
  await expect(row.getByRole('cell', { name: formatFen(before.priceFen) })).toBeVisible();
  await row.getByRole('link', { name: '审核' }).click();
  await op.waitForURL(new RegExp(`/admin/aftersales/${afterSaleNo}$`));
  const title = op.getByRole('heading', { level: 1 });
  await expect(title).toContainText('待审核');
  await expect(fact(op, '售后原因')).toHaveText('七天无理由退货（买家原因）');
  await expect(fact(op, '问题描述')).toHaveText('包装未拆，不再需要');
  await expect.poll(() => op.getByRole('img', { name: '凭证 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(3);
  op.once('dialog', (d) => void d.accept());
  await op.getByRole('button', { name: '同意' }).click();
  await expect(title).toContainText('待寄回');

  // The shopper reads the return address and sends the waybill.
  await page.reload();
  await expect(main.getByRole('heading', { name: '待寄回' })).toBeVisible();
  const back = main.getByRole('region', { name: '退货地址' });
  await back.getByRole('button', { name: '提交退货物流' }).click();
  await expect(back.getByRole('alert')).toHaveText('请选择快递公司');
  await back.getByLabel('快递公司').selectOption({ label: '中通快递' });
  await back.getByLabel('运单号').fill(`ZT${orderNo.slice(-12)}`);
  await back.getByRole('button', { name: '提交退货物流' }).click();
  await expect(main.getByRole('heading', { name: '退货中' })).toBeVisible();

  // 退货物流: the waybill is followed at the demo carrier as a shipment is, and the request shows its
  // carrier, number with 复制, state and timeline newest first, up to 已签收 at the warehouse.
  const returnNo = `ZT${orderNo.slice(-12)}`;
  const parcel = main.getByRole('region', { name: '退货物流' });
  const parcelFact = (term: string) => parcel.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  const steps = parcel.getByRole('list', { name: '物流轨迹，最新的在最上面' }).getByRole('listitem');
  await expect(parcelFact('售后单号')).toHaveText(afterSaleNo);
  await expect(parcelFact('快递公司')).toHaveText('中通快递');
  await expect(parcelFact('运单号').getByText(returnNo, { exact: true })).toBeVisible();
  await expect(parcelFact('运单号').getByRole('button', { name: '复制运单号' })).toBeVisible();
  await expect(parcelFact('物流状态')).toHaveText('待揽收');
  await expect(steps).toHaveCount(1);
  await expect(steps.first()).toContainText(`已寄回：您已把商品交给中通快递，运单号 ${returnNo}`);
  let walked = 0;
  for (let label = ''; label !== '已签收' && walked < 10; walked++) {
    const res = await page.request.post('/sandbox/carrier/advance', { data: { trackingNo: returnNo } });
    expect(res.status()).toBe(200);
    label = ((await res.json()) as { stateLabel: string }).stateLabel;
    await page.reload();
    await expect(parcelFact('物流状态')).toHaveText(label);
    await expect(steps).toHaveCount(walked + 2);
    await expect(steps.first()).toContainText(label);
    await expect(steps.last()).toContainText('已寄回');
  }
  await expect(parcelFact('物流状态')).toHaveText('已签收');
  // Collected at the shopper's (合肥 蜀山区), signed for at the warehouse.
  await expect(steps.nth(walked - 1)).toContainText('快递员已上门揽收');
  await expect(steps.first()).toContainText('签收人：量盾科技仓库');
  // The viewport with the parcel in it: a full-page picture draws the desktop's sticky header mid-page.
  await parcel.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, 'after-sale-return-tracking', { fullPage: false });

  // The operator receives it into stock: the refund goes out at once.
  await op.reload();
  await expect(title).toContainText('退货中');
  await expect(fact(op, '退货物流')).toHaveText(`中通快递 ZT${orderNo.slice(-12)}`);
  const receive = op.getByRole('form', { name: '确认收货' });
  await receive.getByRole('button', { name: '确认收货' }).click();
  await expect(receive.getByRole('alert')).toHaveText('请选择退回的商品入库还是报损');
  await receive.getByRole('radio', { name: /入库/ }).check();
  await receive.getByRole('button', { name: '确认收货' }).click();
  await expect(fact(op, '退回商品')).toHaveText('已入库');
  await expect.poll(async () => (await op.reload(), (await title.textContent()) ?? '')).toContain('已退款');

  // The shopper: 已退款 with the amount and its timeline, 部分退款 on the order, the request in 我的售后.
  await page.reload();
  await expect(main.getByRole('heading', { name: '已退款' })).toBeVisible();
  await expect(main.locator('.order-total .price')).toHaveText(formatFen(before.priceFen));
  await expect(main.getByText(`退款 ${formatFen(before.priceFen)} 已原路退回`)).toBeVisible();
  await page.goto(`/OrderDetail${pc}?orderNo=${orderNo}`);
  await expect(main.getByText('部分退款').first()).toBeVisible();
  // The line names its request and opens it (查看退款); under 实付 what came back, to the fen.
  await expect(main.locator('.order-totals > div', { hasText: '已退款' })).toHaveText(`已退款${formatFen(before.priceFen)}`);
  await expect(main.locator('.order-totals')).not.toContainText('退款中');
  const record = main.getByRole('list', { name: '售后记录' }).getByRole('listitem');
  await expect(record).toHaveCount(1);
  await expect(record).toContainText('退货退款 1 件 · 已退款');
  // The viewport, with the line in it: a full-page picture puts the phone's tab bar over the goods.
  await record.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, 'order-detail-partly-refunded', { fullPage: false });
  await record.getByRole('link', { name: /^查看退款/ }).click();
  await page.waitForURL(new RegExp(`/AfterSaleDetail${pc}\\?afterSaleNo=${afterSaleNo}$`));
  await expect(main.getByRole('heading', { name: '已退款' })).toBeVisible();
  await page.goto('/AfterSale');
  // A card on the phone, a row of the table on the desktop (/personalCenter/PersonalAfterSale).
  const listed = mobile ? main.getByRole('article', { name: `售后 ${afterSaleNo}` }) : main.getByRole('row').filter({ has: page.getByRole('rowheader', { name: afterSaleNo }) });
  await expect(listed.getByText('已退款')).toBeVisible();
  await expect(listed.getByText(formatFen(before.priceFen))).toBeVisible();

  // Ordered two, one came back into stock.
  await expect.poll(async () => (await skuOf(page, PRODUCT.sku[device])).stock).toBe(before.stock - 1);
  await op.context().close();
});
