/**
 * 消息中心 (docs/messages.md#screens), on a desktop and on a phone: a shopper pays, is shipped to, and the
 * demo carrier walks the parcel to 已签收; each step shows in 物流详情 and leaves one message (付款, 发货,
 * 派送中, 已签收), and the unread badge — the desktop header's 消息, the phone's 我的 tab — rises with
 * them. Opening a message goes to its page and the badge falls by one; 删除 removes one; 全部已读 clears
 * the badge; an empty tab says what arrives there; 消息设置's switch is still as set after a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { OPERATORS } from './env';
import { loginNewShopper } from './login';
import { addAddressByApi, firstSkuId, payOrderInDemo, placeOrder, shipByApi } from './pay';
import { seriousViolations } from './axe';
import { shot } from './shot';

/** The badge a shopper looks at: the header's 消息 on a desktop, the 我的 tab on a phone. */
function badgeOf(page: Page, mobile: boolean) {
  const holder = mobile
    ? page.getByRole('navigation', { name: '底部导航' }).getByRole('link', { name: /我的/ })
    : page.getByRole('banner').getByRole('link', { name: /^消息/ });
  return holder.getByTestId('unread-badge');
}

async function expectBadge(page: Page, mobile: boolean, n: number) {
  const badge = badgeOf(page, mobile);
  if (n === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(new RegExp(`^${n}\\s*条未读消息$`));
}

test('消息中心: a message per step of a paid, shipped and signed order, the badge up and down', async ({ page }, info) => {
  test.setTimeout(240_000);
  const mobile = info.project.name === 'mobile';
  const messagesPath = mobile ? '/Message' : '/personalCenter/PersonalMessage';
  await loginNewShopper(page);

  // A new shopper: nothing yet, and the empty list says what will arrive.
  await page.goto(messagesPath);
  await expect(page.getByRole('heading', { name: '消息中心', level: 1 })).toBeVisible();
  await expect(page.getByText(/暂无消息。付款、发货、物流、售后和优惠的通知都会出现在这里/)).toBeVisible();
  await expectBadge(page, mobile, 0);
  await shot(page, 'messages-empty');

  await addAddressByApi(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, 10914));
  await payOrderInDemo(page, orderNo);

  // 付款成功 arrives (the outbox delivers after the payment's commit): the badge shows 1 on any page.
  await expect(async () => {
    await page.goto('/');
    await expectBadge(page, mobile, 1);
  }).toPass({ timeout: 30_000 });

  const trackingNo = `MS${orderNo.slice(-12)}`;
  await shipByApi(orderNo, { operator: mobile ? OPERATORS.messagesMobile : OPERATORS.messagesDesktop, ip: mobile ? '198.51.100.72' : '198.51.100.71', carrier: '圆通速递', trackingNo });

  // 物流详情 shows each step; 已揽收 and 运输中 leave no message, 派送中 and 已签收 do.
  const parcel = page.getByRole('region', { name: '包裹信息' });
  const state = parcel.locator('dt', { hasText: /^物流状态$/ }).locator('xpath=following-sibling::dd[1]');
  const unreadAfter = { 已揽收: 2, 运输中: 2, 派送中: 3, 已签收: 4 } as const;
  for (const [label, unread] of Object.entries(unreadAfter)) {
    const res = await page.request.post('/sandbox/carrier/advance', { data: { trackingNo } });
    expect(((await res.json()) as { stateLabel: string }).stateLabel).toBe(label);
    await page.goto(`/OrderDistribute?orderNo=${orderNo}`);
    await expect(state).toHaveText(label);
    await expect(async () => {
      await page.reload();
      await expectBadge(page, mobile, unread);
    }).toPass({ timeout: 30_000 });
  }
  await shot(page, mobile ? 'messages-badge-tab' : 'messages-badge-header', { fullPage: false });

  // Into the 消息中心 the way a shopper goes: the header's 消息 on a desktop, 我的 › 消息中心 on a phone.
  if (mobile) {
    await page.getByRole('navigation', { name: '底部导航' }).getByRole('link', { name: /我的/ }).click();
    await page.getByRole('navigation', { name: '账号与服务' }).getByRole('link', { name: '消息中心' }).click();
  } else {
    await page.getByRole('banner').getByRole('link', { name: /^消息/ }).click();
  }
  await expect(page).toHaveURL(new RegExp(`${messagesPath}$`));
  const list = page.getByRole('list', { name: '消息列表' });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(4);
  // Newest first, all unread, all 交易物流.
  await expect(items.nth(0)).toContainText('签收');
  await expect(items.nth(1)).toContainText('派送');
  await expect(items.nth(2)).toContainText('发货');
  await expect(items.nth(3)).toContainText(/付款|支付/);
  await expect(list.getByText('未读：')).toHaveCount(4);
  await expect(page.getByRole('link', { name: /^交易物流\s*4\s*条未读$/ })).toBeVisible();
  await expect(page.getByText('共 4 条，4 条未读')).toBeVisible();
  await shot(page, 'messages-list');
  expect(await seriousViolations(page)).toEqual([]);

  // Opening the newest goes to its page (this order's) and the badge falls by one.
  await items.nth(0).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(orderNo));
  await expectBadge(page, mobile, 3);
  await page.goBack();
  await expect(items).toHaveCount(4);
  await expect(list.getByText('未读：')).toHaveCount(3);
  await page.reload();
  await expectBadge(page, mobile, 3);

  // 删除 one (after a confirm): three left; the badge counts the unread ones left.
  await items.nth(1).getByRole('button', { name: /^删除消息/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除', exact: true }).click();
  await expect(page.getByText('消息已删除')).toBeVisible();
  await expect(items).toHaveCount(3);
  await expectBadge(page, mobile, 2);

  // 全部已读: nothing unread, no badge, and the button goes (nothing is left for it to do).
  await page.getByRole('button', { name: '全部已读' }).click();
  await expect(page.getByText('全部消息已标为已读')).toBeVisible();
  await expect(list.getByText('未读：')).toHaveCount(0);
  await expectBadge(page, mobile, 0);
  await expect(page.getByRole('button', { name: '全部已读' })).toHaveCount(0);
  await page.reload();
  await expect(items).toHaveCount(3);
  await expectBadge(page, mobile, 0);

  // The tabs filter; an empty tab says what arrives there.
  await page.getByRole('link', { name: '优惠促销', exact: true }).click();
  await expect(page).toHaveURL(/category=promotion/);
  await expect(page.getByText(/暂无优惠促销消息/)).toBeVisible();
  await page.getByRole('link', { name: '交易物流', exact: true }).click();
  await expect(items).toHaveCount(3);

  // 消息设置: the SMS of a category switched on stays on after a reload; the fixed SMS are named.
  await page.getByRole('link', { name: '消息设置' }).first().click();
  await expect(page.getByRole('heading', { name: '消息设置', level: 1 })).toBeVisible();
  await expect(page.getByText(/安全验证码，付款成功的通知，以及您在商品页订阅的到货通知，始终会通过短信发送/)).toBeVisible();
  const promo = page.getByRole('switch', { name: /优惠促销/ });
  const was = await promo.isChecked();
  await promo.click();
  await expect(page.getByText(was ? '优惠促销：不再发送短信' : '优惠促销：将同时发送短信')).toBeVisible();
  await page.reload();
  await expect(promo).toBeChecked({ checked: !was });
  await shot(page, 'message-settings');
  expect(await seriousViolations(page)).toEqual([]);
});
