/**
 * 上门取件 on desktop and on a phone (docs/after-sales.md#pickup): a shopper returns a received disk
 * (七天无理由; asked and approved over the API: the apply form and 同意 are after-sales.spec's). On the
 * request's page: 预约上门取件 with the order's address, tomorrow's first slot, 确认预约; 取消预约 in one
 * step and booked again at an address typed for it; 「模拟快递员」: a courier takes it (name, phone,
 * waybill on the page), collects it (退货中, the waybill the return's, 退货物流 待揽收 with 「已寄回」),
 * and the parcel's first step (已揽收, 快递员已上门揽收) comes on top of its timeline.
 */
import { expect, test } from '@playwright/test';
import { OPERATORS } from './env';
import { approvedRequest } from './approved-request';
import { shot } from './shot';

/** A portable disk (ships as a device): the return goes back to the warehouse. */
const PRODUCT = 10915;

test('预约上门取件 from the return\'s page: the courier is shown, then the parcel\'s steps', async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const mobile = info.project.name === 'mobile';
  const pc = mobile ? '' : 'PC';
  const main = page.locator('main');

  // Bought, paid, shipped, received; a 七天无理由 return, approved.
  const { afterSaleNo, op } = await approvedRequest(page, browser, mobile ? OPERATORS.pickupMobile : OPERATORS.pickupDesktop, PRODUCT, { type: 'return_refund', reason: 'seven_days' });
  await op.context().close();

  await page.goto(`/AfterSaleDetail${pc}?afterSaleNo=${afterSaleNo}`);
  await expect(main.getByRole('heading', { name: '待寄回' })).toBeVisible();
  const card = main.getByRole('region', { name: '上门取件' });
  const fact = (term: string) => card.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

  // 预约上门取件: the order's address, tomorrow's 09:00–11:00.
  await card.getByRole('button', { name: '预约上门取件' }).click();
  const form = card.getByRole('form', { name: '预约上门取件' });
  await expect(form).toContainText('李雷');
  await expect(form).toContainText('望江西路 800 号');
  await form.locator('.pickup-days label', { hasText: /^明天/ }).click();
  await form.locator('.pickup-slots label', { hasText: '09:00–11:00' }).click();
  await expect(form.getByRole('radio', { name: '09:00–11:00' })).toBeChecked();
  await shot(page, 'return-pickup-form');
  await form.getByRole('button', { name: '确认预约' }).click();
  await expect(fact('预约状态')).toHaveText('待分配快递员');
  await expect(fact('上门时间')).toHaveText(/^\d{1,2}月\d{1,2}日 09:00–11:00$/);
  await expect(fact('快递员')).toHaveText('等待快递员接单');
  // Typing a waybill waits while a courier is booked.
  await expect(main.getByRole('form', { name: '退货物流' })).toHaveCount(0);

  // 取消预约 is one step; booked again, at an address typed for the pickup.
  await card.getByRole('button', { name: '取消预约' }).click();
  await expect(card).toContainText('上次预约已取消');
  await expect(main.getByRole('form', { name: '退货物流' })).toBeVisible();
  await card.getByRole('button', { name: '预约上门取件' }).click();
  await form.getByRole('button', { name: '修改' }).click();
  await form.locator('.pickup-address-choice', { hasText: '填写其他地址' }).click();
  await form.getByLabel('详细地址').fill('望江西路 801 号 前台');
  await form.locator('.pickup-days label', { hasText: /^明天/ }).click();
  await form.locator('.pickup-slots label', { hasText: '09:00–11:00' }).click();
  await form.getByRole('button', { name: '确认预约' }).click();
  await expect(fact('预约状态')).toHaveText('待分配快递员');
  await expect(fact('取件地址')).toContainText('望江西路 801 号 前台');

  // 「模拟快递员」: a courier takes it — name, phone and the waybill show.
  await card.getByRole('button', { name: '模拟快递员' }).click();
  await expect(fact('预约状态')).toHaveText('快递员已接单');
  await expect(fact('快递员')).toHaveText(/^[\u4e00-\u9fa5]{3} 1[35789]\d{9}$/);
  await expect(fact('快递员').getByRole('link')).toHaveAttribute('href', /^tel:1\d{10}$/);
  await expect(fact('运单号')).toContainText(/SF\d{13}/);
  const waybill = ((await card.getByTestId('pickup-waybill').textContent()) ?? '').trim();
  expect(waybill).toMatch(/^SF\d{13}$/);
  await shot(page, 'return-pickup-courier');

  // Collected: 退货中, the waybill is the return's, its tracking started (待揽收, 「已寄回」).
  await card.getByRole('button', { name: '模拟快递员' }).click();
  await expect(main.getByRole('heading', { name: '退货中' })).toBeVisible();
  await expect(fact('预约状态')).toHaveText('快递员已取件');
  await expect(card.getByRole('button', { name: '取消预约' })).toHaveCount(0);
  const parcel = main.getByRole('region', { name: '退货物流' });
  const parcelFact = (term: string) => parcel.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  const steps = parcel.getByRole('list', { name: '物流轨迹，最新的在最上面' }).getByRole('listitem');
  await expect(parcelFact('快递公司')).toHaveText('顺丰速运');
  await expect(parcelFact('运单号').getByText(waybill, { exact: true })).toBeVisible();
  await expect(parcelFact('物流状态')).toHaveText('待揽收');
  await expect(steps).toHaveCount(1);
  await expect(steps.first()).toContainText(`已寄回：您已把商品交给顺丰速运，运单号 ${waybill}`);
  await expect(main.getByRole('region', { name: '处理进度' })).toContainText(`快递员已上门取件：顺丰速运，运单号 ${waybill}`);

  // The parcel's steps: the same button moves it (once the waybill reached the carrier, just after the
  // collection), and 已揽收 comes on top.
  await expect(async () => {
    await card.getByRole('button', { name: '模拟快递员' }).click();
    await expect(parcelFact('物流状态')).toHaveText('已揽收', { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(steps).toHaveCount(2);
  await expect(steps.first()).toContainText('快递员已上门揽收');
  await expect(steps.last()).toContainText('已寄回');
  await parcel.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, 'return-pickup-parcel', { fullPage: false });
});
