/**
 * Following a parcel without reloading (docs/tracking.md#reads, #exchanges), on a desktop and on a phone:
 * 物流详情 takes the demo carrier's steps as they come (its 「模拟快递员」 and the carrier moving on its
 * own side), offers 确认收货 while the order is 待收货, and a stranger cannot move the parcel; an
 * exchange's new goods (换新发出) show as 换新物流 on the after-sales detail with their timeline, walked
 * to 已签收 the same way.
 */
import { expect, test } from '@playwright/test';
import { OPERATORS } from './env';
import { loginNewShopper } from './login';
import { addAddressByApi, apiPost, firstSkuId, operatorConsole, payOrderInDemo, placeOrder } from './pay';
import { shot } from './shot';




test('物流详情 follows the parcel live, 「模拟快递员」 moves it, 确认收货 ends it; an exchange\'s 换新物流 is tracked the same way', async ({ page, browser }, info) => {
  test.setTimeout(240_000);
  const mobile = info.project.name === 'mobile';
  const pc = mobile ? '' : 'PC';
  await loginNewShopper(page);
  await addAddressByApi(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, 10913));
  await payOrderInDemo(page, orderNo);
  const op = await operatorConsole(browser, mobile ? OPERATORS.trackingLiveMobile : OPERATORS.trackingLiveDesktop);
  const trackingNo = `YT${orderNo.slice(-12)}`;
  await apiPost(op, `/admin/orders/${orderNo}/ship`, { carrier: '圆通速递', trackingNo });

  const parcel = page.getByRole('region', { name: '包裹信息' });
  const state = parcel.locator('dt', { hasText: /^物流状态$/ }).locator('xpath=following-sibling::dd[1]');
  const events = parcel.getByRole('list', { name: '物流轨迹，最新的在最上面' }).getByRole('listitem');
  await page.goto(`/OrderDistribute?orderNo=${orderNo}`);
  await expect(state).toHaveText('待揽收');

  // A stranger (no login) cannot move it: nothing changes.
  const anonymous = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await anonymous.request.post('/sandbox/carrier/advance', { data: { trackingNo } })).status()).toBe(401);
  await anonymous.close();

  // 「模拟快递员」: the next step, shown at once.
  await parcel.getByRole('button', { name: '模拟快递员' }).click();
  await expect(state).toHaveText('已揽收');
  await expect(events.first()).toContainText('量盾科技仓库 已揽收');

  // The carrier moves on its own side (the owner's advance over HTTP): the open page follows without a reload.
  const navigations: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
  expect((await page.request.post('/sandbox/carrier/advance', { data: { trackingNo } })).status()).toBe(200);
  await expect(state).toHaveText('运输中', { timeout: 20_000 });
  await expect(events.first()).toContainText('转运中心');
  expect(navigations).toEqual([]);
  await shot(page, 'tracking-live');

  // 订单详情 shows the newest line, which opens 物流详情.
  await page.goto(`/OrderDetail${pc}?orderNo=${orderNo}`);
  const latest = page.locator('main').getByRole('region', { name: '最新物流' });
  await expect(latest.getByTestId('latest-track')).toContainText('快件已到达【合肥转运中心】');
  await expect(latest).toContainText('运输中');
  await shot(page, 'order-latest-track', { fullPage: false });
  await latest.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/OrderDistribute\\?orderNo=${orderNo}$`));
  await expect(state).toHaveText('运输中');

  // 确认收货 is here while the order is 待收货.
  await parcel.getByRole('button', { name: '确认收货' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认收货' }).click();
  await expect(parcel.getByRole('button', { name: '确认收货' })).toHaveCount(0);
  const order = (await (await page.request.get(`/api/v1/orders/${orderNo}`)).json()) as { data: { status: string; lines: { id: number }[] } };
  expect(order.data.status).toBe('completed');

  // An exchange of the headset: approved, sent back, received, and new goods sent out with a waybill.
  const { afterSaleNo } = await apiPost<{ afterSaleNo: string }>(page, '/aftersales', { orderNo, type: 'exchange', reason: 'quality', items: [{ orderItemId: order.data.lines[0].id, quantity: 1 }], description: '右耳无声' });
  await apiPost(op, `/admin/aftersales/${afterSaleNo}/approve`);
  await apiPost(page, `/aftersales/${afterSaleNo}/return-shipment`, { carrier: '中通快递', trackingNo: `ZT${orderNo.slice(-12)}` });
  await apiPost(op, `/admin/aftersales/${afterSaleNo}/receive`, { restock: true });
  const newGoods = `JD${orderNo.slice(-13)}`;
  await apiPost(op, `/admin/aftersales/${afterSaleNo}/reship`, { carrier: '京东物流', trackingNo: newGoods });

  await page.goto(`/AfterSaleDetail${pc}?afterSaleNo=${afterSaleNo}`);
  const reship = page.locator('main').getByRole('region', { name: '换新物流' });
  const reshipState = reship.locator('dt', { hasText: /^物流状态$/ }).locator('xpath=following-sibling::dd[1]');
  const reshipEvents = reship.getByRole('list', { name: '物流轨迹，最新的在最上面' }).getByRole('listitem');
  await expect(reship.getByText(newGoods, { exact: true })).toBeVisible();
  await expect(reshipState).toHaveText('待揽收');
  await expect(reshipEvents.first()).toContainText(`已发货：换新商品已交给京东物流，运单号 ${newGoods}`);
  // Walked to 已签收 by the carrier: each step appears on the open page.
  for (const label of ['已揽收', '运输中', '派送中', '已签收']) {
    const res = await page.request.post('/sandbox/carrier/advance', { data: { trackingNo: newGoods } });
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { stateLabel: string }).stateLabel).toBe(label);
    await expect(reshipState).toHaveText(label, { timeout: 20_000 });
  }
  await expect(reshipEvents.first()).toContainText('签收人：本人');
  await shot(page, 'exchange-tracking-signed');
  await op.context().close();
});
