/**
 * 自动续费 against the demo gateways (docs/subscriptions.md#自动续费), over a real socket as payments are:
 * POST → the provider's signing page → 同意并签约 on the demo phone → the provider's signed notification →
 * the contract active; a forged notification refused; the provider's 解约 and the shopper's 关闭 ending it
 * (at the provider too); replays changing nothing; one live contract per subscription (50 at once on
 * PostgreSQL); another shopper 404; and a charge on the contract paying its order through the ordinary
 * payment notification, or failing for 余额不足.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'shop-auto-renew-'));

import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { POST as contractNotifyWechat } from '@/app/api/v1/contracts/notify/wechat/route';
import { POST as contractNotifyAlipay } from '@/app/api/v1/contracts/notify/alipay/route';
import { getDb } from '@/lib/server/db/client';
import { payments, subscriptions } from '@/lib/server/db/schema';
import { chargeContract } from '@/lib/server/flows/charge-contract';
import { alipayContractFields } from '@/lib/server/payment-sandbox/contract-deliver';
import { alipaySignFields } from '@/lib/server/payment-sandbox/alipay-sign';
import { demoKeys, makeDemoKeys } from '@/lib/server/payments/demo-keys';
import { encryptWechatResource, signWechatBody } from '@/lib/server/payments/wechat-crypto';
import type { Order } from '@/lib/server/views/orders-detail';
import { autoRenewKit } from './auto-renew-kit';
import { eventually } from './http-harness';
import { idemKey, loginNew, ok, orderRow, req, type Shopper } from './session';

const { k: fx, subscriptionOf, open, openFails, stop, stopFails, contractsOf, liveOf, gatewayContract, phonePage, press, signed } = autoRenewKit();

describe('开通自动续费', () => {
  it.each(['wechat', 'alipay'] as const)('%s: POST answers the provider page; 同意并签约 there makes the contract active through the signed notification', async (channel) => {
    const u = await loginNew();
    const id = await subscriptionOf(u);
    const first = await open(u, id, channel);
    expect(first.autoRenew).toMatchObject({ subscriptionId: id, channel, state: 'signing', stateLabel: '签约中' });
    expect(new URL(first.signUrl).origin).toBe(fx.h.origin);
    // Asked again while signing: the same page, the same one contract.
    expect((await open(u, id, channel)).signUrl).toBe(first.signUrl);
    expect(await contractsOf(id)).toHaveLength(1);
    const [before] = await contractsOf(id);
    expect(before).toMatchObject({ state: 'signing', providerContractId: null, signedAt: null });

    await press(first.signUrl, 'sign');
    const [after] = await contractsOf(id);
    expect(after.state).toBe('active');
    expect(after.signedAt).toBeInstanceOf(Date);
    const gw = await gatewayContract(after.contractNo);
    expect(after.providerContractId).toBe(gw.contractId);
    expect(gw.status).toBe('SIGNED');
    // The provider's page showed what a year costs and the fx.service.
    expect(gw.amountFen).toBe(36_000);
    expect(gw.description).toContain(fx.service.productName);

    expect(await openFails(409, u, id, channel)).toBe('已开通自动续费');
    expect(await openFails(409, u, id, channel === 'wechat' ? 'alipay' : 'wechat')).toBe('已开通自动续费');
  });

  it('取消 on the provider page signs nothing: the contract stays signing, and nothing was told', async () => {
    const u = await loginNew();
    const id = await subscriptionOf(u);
    const { signUrl } = await open(u, id, 'wechat');
    const told = fx.h.notifications.length;
    await press(signUrl, 'cancel');
    expect((await liveOf(id))?.state).toBe('signing');
    expect(fx.h.notifications.length).toBe(told);
  });

  it('only a subscription in force, due soon or in its 宽限期; never an unused, expired or refunded one', async () => {
    const u = await loginNew();
    expect(await openFails(409, u, await subscriptionOf(u, { daysLeft: null }), 'wechat')).toMatch(/尚未激活/);
    expect(await openFails(409, u, await subscriptionOf(u, { daysLeft: -20 }), 'wechat')).toMatch(/已过期/);
    const refunded = await subscriptionOf(u);
    await (await getDb()).update(subscriptions).set({ refundedAt: new Date() }).where(eq(subscriptions.id, refunded));
    expect(await openFails(409, u, refunded, 'alipay')).toMatch(/已退款/);
    // 即将到期 and 宽限期 may.
    expect((await open(u, await subscriptionOf(u, { daysLeft: 3 }), 'wechat')).autoRenew.state).toBe('signing');
    expect((await open(u, await subscriptionOf(u, { daysLeft: -5 }), 'alipay')).autoRenew.state).toBe('signing');
  });

  it('asks for a provider; nothing is chosen for the shopper', async () => {
    const u = await loginNew();
    const id = await subscriptionOf(u);
    expect(await openFails(400, u, id, undefined)).toBe('请选择微信支付或支付宝');
    expect(await openFails(400, u, id, 'unionpay')).toBe('请选择微信支付或支付宝');
    expect(await contractsOf(id)).toHaveLength(0);
  });

  it('another shopper: 404 服务不存在 for POST and DELETE, and nothing made or ended', async () => {
    const { u, id } = await signed('wechat');
    const other = await loginNew();
    expect(await openFails(404, other, id, 'wechat')).toBe('服务不存在');
    expect(await stopFails(404, other, id)).toBe('服务不存在');
    expect(await openFails(404, u, 'abc', 'wechat')).toBe('服务不存在');
    expect((await liveOf(id))?.state).toBe('active');
    expect(await contractsOf(id)).toHaveLength(1);
  });
});

describe("the providers' notifications", () => {
  it('a WeChat sign notification signed with another key is refused and changes nothing', async () => {
    const u = await loginNew();
    const id = await subscriptionOf(u);
    await open(u, id, 'wechat');
    const c = (await liveOf(id))!;
    const k = demoKeys().wechat;
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'ENTRUST.SIGN',
      summary: '委托代扣签约通知',
      resource: encryptWechatResource(
        JSON.stringify({ mchid: k.mchid, appid: k.appid, plan_id: 10909, out_contract_code: c.contractNo, contract_id: '2020999', contract_state: 'ENTRUST_STATE_SIGNED', operate_time: new Date().toISOString() }),
        k.apiV3Key,
        'entrust',
        'entrust',
      ),
    });
    const forged = signWechatBody(body, makeDemoKeys().wechat.platformPrivateKey, k.platformKeyId);
    const res = await contractNotifyWechat(new Request(`${fx.h.origin}/api/v1/contracts/notify/wechat`, { method: 'POST', headers: { 'content-type': 'application/json', ...forged }, body }));
    expect(res.status).toBe(401);
    expect((await liveOf(id))?.state).toBe('signing');
  });

  it('an Alipay dut_user_sign signed with another key is refused and changes nothing', async () => {
    const u = await loginNew();
    const id = await subscriptionOf(u);
    const { signUrl } = await open(u, id, 'alipay');
    await phonePage(signUrl);
    const c = (await liveOf(id))!;
    const gw = await gatewayContract(c.contractNo);
    const genuine = alipayContractFields({ ...gw, status: 'SIGNED', signedAt: new Date() }, 'signed');
    const { sign: _, ...unsigned } = genuine;
    const forged = alipaySignFields(unsigned, makeDemoKeys().alipay.alipayPrivateKey, 'notify');
    const res = await contractNotifyAlipay(new Request(`${fx.h.origin}/api/v1/contracts/notify/alipay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(forged).toString() }));
    expect(await res.text()).toBe('fail');
    expect((await liveOf(id))?.state).toBe('signing');
    // The genuine one is taken.
    const ok2 = await contractNotifyAlipay(new Request(`${fx.h.origin}/api/v1/contracts/notify/alipay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(genuine).toString() }));
    expect(await ok2.text()).toBe('success');
    expect((await liveOf(id))?.state).toBe('active');
  });

  it.each(['wechat', 'alipay'] as const)('%s: 解约 by the shopper at the provider ends the contract (terminatedBy provider); a replay of the signing changes nothing', async (channel) => {
    const { u, id, page, contract } = await signed(channel);
    const signing = fx.h.notifications.filter((n) => n.path.endsWith(`/contracts/notify/${channel}`) && n.status < 300).at(-1)!;
    await press(page, 'terminate');
    const [ended] = await contractsOf(id);
    expect(ended).toMatchObject({ id: contract.id, state: 'terminated', terminatedBy: 'provider' });
    expect(ended.terminatedAt).toBeInstanceOf(Date);

    // The signing notification again: still ended.
    const replay = await (channel === 'wechat' ? contractNotifyWechat : contractNotifyAlipay)(
      new Request(`${fx.h.origin}/api/v1/contracts/notify/${channel}`, { method: 'POST', headers: signing.headers, body: signing.body }),
    );
    expect(replay.status).toBeLessThan(300);
    expect((await contractsOf(id)).map((c) => c.state)).toEqual(['terminated']);
    // And 开通 again makes a new contract.
    expect((await open(u, id, channel)).autoRenew.state).toBe('signing');
    expect((await contractsOf(id)).map((c) => c.state)).toEqual(['terminated', 'signing']);
  });
});

describe('关闭自动续费', () => {
  it.each(['wechat', 'alipay'] as const)('%s: one DELETE ends it here and at the provider; a second answers the same', async (channel) => {
    const { u, id, contract } = await signed(channel);
    const first = await stop(u, id);
    expect(first).toMatchObject({ subscriptionId: id, channel, state: 'terminated', stateLabel: '已关闭' });
    const [row] = await contractsOf(id);
    expect(row).toMatchObject({ state: 'terminated', terminatedBy: 'shopper' });
    expect((await gatewayContract(contract.contractNo)).status).toBe('TERMINATED');
    expect(await stop(u, id)).toEqual(first);
    expect(await contractsOf(id)).toHaveLength(1);
  });

  it('a contract still signing just ends; signed at the provider afterwards, it is ended there at once', async () => {
    const u = await loginNew();
    const id = await subscriptionOf(u);
    const { signUrl } = await open(u, id, 'wechat');
    expect((await stop(u, id)).state).toBe('terminated');
    const [c] = await contractsOf(id);
    await press(signUrl, 'sign');
    await eventually(async () => (await gatewayContract(c.contractNo)).status === 'TERMINATED');
    expect((await gatewayContract(c.contractNo)).status).toBe('TERMINATED');
    expect((await contractsOf(id)).map((x) => x.state)).toEqual(['terminated']);
  });

  it('never opened: 409', async () => {
    const u = await loginNew();
    const id = await subscriptionOf(u);
    expect(await stopFails(409, u, id)).toBe('尚未开通自动续费');
  });
});

describe('chargeContract', () => {
  async function pendingOrder(u: Shopper) {
    const o = await ok<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId: fx.service.skuId, quantity: 1 }], idempotencyKey: idemKey() }, { token: u.token }));
    return { orderNo: o.orderNo, amountFen: o.totalFen, description: `${fx.service.productName} 自动续费` };
  }
  const paymentOf = async (paymentNo: string) => (await (await getDb()).select().from(payments).where(eq(payments.paymentNo, paymentNo)))[0];

  it.each(['wechat', 'alipay'] as const)('%s: the order becomes paid through the ordinary payment notification', async (channel) => {
    const { u, contract } = await signed(channel);
    const charge = await pendingOrder(u);
    const r = await chargeContract(contract, charge);
    expect(r.state).toBe('accepted');
    expect(await eventually(async () => (await orderRow(charge.orderNo)).status !== 'pending_payment')).toBe(true);
    expect((await orderRow(charge.orderNo)).status).toBe('completed');
    const p = await paymentOf(r.paymentNo);
    expect(p).toMatchObject({ status: 'succeeded', channel: channel === 'wechat' ? 'wechat_papay' : 'alipay_agreement', amountFen: charge.amountFen });
    // Recorded once the shop has answered it, a moment after the order moved.
    const told = () => fx.h.notifications.some((n) => n.path === `/api/v1/payments/notify/${channel}` && n.body.includes(channel === 'wechat' ? '"event_type":"TRANSACTION.SUCCESS"' : r.paymentNo));
    expect(await eventually(async () => told())).toBe(true);
  });

  it.each(['wechat', 'alipay'] as const)('%s: with the demo switch 余额不足 on, the charge fails and the order stays unpaid', async (channel) => {
    const { u, page, contract } = await signed(channel);
    await press(page, 'balance_short');
    const charge = await pendingOrder(u);
    const r = await chargeContract(contract, charge);
    if (channel === 'alipay') expect(r).toMatchObject({ state: 'failed', code: 'ACQ.BUYER_BALANCE_NOT_ENOUGH' });
    // WeChat takes the charge and tells the failure a moment later, as a PAYERROR trade.
    expect(await eventually(async () => (await paymentOf(r.paymentNo)).status === 'failed')).toBe(true);
    expect((await orderRow(charge.orderNo)).status).toBe('pending_payment');
    // Balance back: the next attempt pays.
    await press(page, 'balance_ok');
    const again = await chargeContract(contract, charge);
    expect(again.state).toBe('accepted');
    expect(await eventually(async () => (await orderRow(charge.orderNo)).status === 'completed')).toBe(true);
  });

  it('refuses a contract not in force and an amount that is not the order’s', async () => {
    const { u, contract } = await signed('wechat');
    const charge = await pendingOrder(u);
    await expect(chargeContract({ ...contract, state: 'terminated' }, charge)).rejects.toThrow('自动续费未开通');
    await expect(chargeContract(contract, { ...charge, amountFen: charge.amountFen - 1 })).rejects.toThrow('扣款金额与订单金额不一致');
    const db = await getDb();
    expect(await db.select().from(payments).where(and(eq(payments.orderId, (await orderRow(charge.orderNo)).id)))).toHaveLength(0);
  });
});

describe.skipIf(process.env.TEST_DB === 'pglite')('one live contract under concurrency (PostgreSQL)', () => {
  it('50 POSTs at once: one contract, one signing page for all', async () => {
    const u = await loginNew();
    const id = await subscriptionOf(u);
    const answers = await Promise.all(Array.from({ length: 50 }, () => open(u, id, 'wechat')));
    expect(new Set(answers.map((a) => a.signUrl)).size).toBe(1);
    expect(await contractsOf(id)).toHaveLength(1);
  });

  it('50 DELETEs at once of a signed contract: all 200, ended once, at the provider too', async () => {
    const { u, id, contract } = await signed('alipay');
    const answers = await Promise.all(Array.from({ length: 50 }, () => stop(u, id)));
    expect(new Set(answers.map((a) => a.state))).toEqual(new Set(['terminated']));
    expect((await contractsOf(id)).map((c) => c.state)).toEqual(['terminated']);
    expect((await gatewayContract(contract.contractNo)).status).toBe('TERMINATED');
  });
});
