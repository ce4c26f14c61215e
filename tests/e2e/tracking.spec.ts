/**
 * Parcel tracking (docs/tracking.md), on a desktop and on a phone: a shopper's paid order is shipped by
 * the operator (发货 through the console's API), which subscribes the waybill at the demo carrier; the
 * demo carrier is advanced step by step (POST /sandbox/carrier/advance) and pushes each step to the
 * shop, signed; 物流详情 shows each one — the state, the newest event on top, its place — until 已签收,
 * and the console's order page shows the same track.
 */
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL, OPERATORS } from './env';
import { loginNewShopper } from './login';
import { addAddressByApi, firstSkuId, payOrderInDemo, placeOrder, shipByApi } from './pay';
import { seriousViolations } from './axe';
import { shot } from './shot';

test('物流详情 follows the parcel from 已发货 to 已签收, newest first', async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const mobile = info.project.name === 'mobile';
  await loginNewShopper(page);
  await addAddressByApi(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, 10914));
  await payOrderInDemo(page, orderNo);

  const trackingNo = `YT${orderNo.slice(-12)}`;
  const token = await shipByApi(orderNo, { operator: mobile ? OPERATORS.trackingMobile : OPERATORS.trackingDesktop, ip: mobile ? '198.51.100.62' : '198.51.100.61', carrier: '圆通速递', trackingNo });

  const parcel = page.getByRole('region', { name: '包裹信息' });
  const fact = (term: string) => parcel.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  const events = parcel.getByRole('list', { name: '物流轨迹，最新的在最上面' }).getByRole('listitem');

  await page.goto(`/OrderDistribute?orderNo=${orderNo}`);
  await expect(fact('快递公司')).toHaveText('圆通速递');
  await expect(fact('运单号').getByText(trackingNo, { exact: true })).toBeVisible();
  await expect(fact('运单号').getByRole('button', { name: '复制运单号' })).toBeVisible();
  await expect(fact('物流状态')).toHaveText('待揽收');
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText(`已发货：包裹已交给圆通速递，运单号 ${trackingNo}`);

  // The demo carrier walks: 已揽收 in 合肥, the hub of the address's city (合肥), 派送中, 已签收.
  const expected = [
    { label: '已揽收', text: '量盾科技仓库 已揽收', place: '安徽 合肥市' },
    { label: '运输中', text: '快件已到达【合肥转运中心】', place: '合肥' },
    { label: '派送中', text: '正在派送', place: '合肥' },
    { label: '已签收', text: '已签收，签收人：本人', place: '合肥' },
  ];
  for (const [i, step] of expected.entries()) {
    const res = await page.request.post('/sandbox/carrier/advance', { data: { trackingNo } });
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { stateLabel: string }).stateLabel).toBe(step.label);
    await page.goto(`/OrderDistribute?orderNo=${orderNo}`);
    await expect(fact('物流状态')).toHaveText(step.label);
    await expect(events).toHaveCount(i + 2);
    await expect(events.first()).toContainText(step.label);
    await expect(events.first()).toContainText(step.text);
    await expect(events.first()).toContainText(`（${step.place}）`);
    // 已发货 stays the oldest.
    await expect(events.last()).toContainText('已发货');
    if (i === 1) await shot(page, 'tracking-in-transit');
  }
  await shot(page, 'tracking-signed');
  expect(await seriousViolations(page)).toEqual([]);

  // The console's order page shows the same track; 疑难运单 opens from 订单 (this parcel is signed: not on it).
  const consoleContext = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 1366, height: 900 }, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.63' } });
  await consoleContext.addCookies([{ name: 'auth-token', value: token, url: E2E_BASE_URL, sameSite: 'Strict' }]);
  const admin = await consoleContext.newPage();
  await admin.goto(`/admin/orders/${orderNo}`);
  const track = admin.getByRole('region', { name: /物流轨迹/ });
  await expect(track.getByRole('heading')).toContainText('已签收');
  await expect(track.getByRole('listitem')).toHaveCount(expected.length + 1);
  await expect(track.getByRole('listitem').first()).toContainText('已签收，签收人：本人');
  await expect(track).toContainText('自动确认收货从签收起算');
  await admin.goto('/admin/orders');
  await admin.getByRole('link', { name: '疑难运单' }).click();
  await expect(admin.getByRole('heading', { name: '疑难运单', level: 1 })).toBeVisible();
  await expect(admin.getByRole('link', { name: orderNo })).toHaveCount(0);
  await consoleContext.close();
});
