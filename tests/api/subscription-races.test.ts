/**
 * 续费 and 升级 under concurrency, on PostgreSQL (docs/subscriptions.md#renewal-and-prices): 50 renewals of one
 * subscription placed at once are 50 orders, and paid at once they move the end by exactly 50 years (one
 * extension per paid order, never two); 50 notifications of one payment apply its renewal once; 50
 * upgrades asked at once place one order.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POST as paymentsPost } from '@/app/api/v1/payments/route';
import type { PaymentView } from '@/lib/server/modules/payment';
import { demoKeys } from '@/lib/server/payments/demo-keys';
import { encryptWechatResource, signWechatBody } from '@/lib/server/payments/wechat-crypto';
import { buyer, expectOk, payOrder, withGateway } from './after-sales-kit';
import { call, orderRow, req } from './session';
import { change, endIn, eventsOf, placed, subscribed, subscriptionRow, YEAR_MS } from './subscription-kit';

const gateway = withGateway();

/** WeChat Pay's TRANSACTION.SUCCESS for the payment, signed with the demo platform key, with an id of its own. */
function paidNotification(paymentNo: string, totalFen: number) {
  const k = demoKeys().wechat;
  const plain = {
    mchid: k.mchid,
    appid: k.appid,
    out_trade_no: paymentNo,
    transaction_id: '4200000000000000000000000777',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    success_time: new Date().toISOString(),
    amount: { total: totalFen, payer_total: totalFen, currency: 'CNY' },
  };
  const body = JSON.stringify({
    id: randomUUID(),
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: encryptWechatResource(JSON.stringify(plain), k.apiV3Key, 'transaction', 'transaction'),
  });
  return { body, headers: { 'content-type': 'application/json', ...signWechatBody(body, k.platformPrivateKey, k.platformKeyId) } };
}

describe.skipIf(process.env.TEST_DB === 'pglite')('renewals racing (PostgreSQL)', () => {
  it('50 renewals placed at once are 50 orders; paid at once, the end moves by exactly 50 years, one event each', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    const start = await endIn(id, 100);
    const orders = await Promise.all(Array.from({ length: 50 }, () => placed(u, id, 'renew', { years: 1 })));
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(50);
    expect(orders.every((o) => o.totalFen === 19_800)).toBe(true);

    await Promise.all(orders.map((o) => payOrder(u, o.orderNo)));
    const s = await subscriptionRow(id);
    expect(s.endsAt!.getTime()).toBe(start.getTime() + 50 * YEAR_MS);
    const renewed = (await eventsOf(id)).filter((e) => e.kind === 'renewed');
    expect(renewed).toHaveLength(50);
    const paidIds = await Promise.all(orders.map(async (o) => (await orderRow(o.orderNo)).id));
    expect(renewed.map((e) => e.orderId).sort()).toEqual(paidIds.sort());
    // Each moved the end the previous one left, by one year.
    const ends = renewed.map((e) => [e.fromEndsAt!.getTime(), e.toEndsAt!.getTime()]).sort((a, b) => a[0] - b[0]);
    ends.forEach(([from, to], i) => {
      expect(from).toBe(start.getTime() + i * YEAR_MS);
      expect(to).toBe(from + YEAR_MS);
    });
  });

  it('50 notifications of one payment at once: the renewal applies once', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    const end = (await subscriptionRow(id)).endsAt!;
    const o = await placed(u, id, 'renew', { years: 2 });
    const p = await expectOk(call<PaymentView>(paymentsPost, req('POST', '/payments', { orderNo: o.orderNo, channel: 'wechat_native' }, { token: u.token })));
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${gateway.origin()}/api/v1/payments/notify/wechat`, { method: 'POST', ...paidNotification(p.paymentNo, o.totalFen) })),
    );
    expect(replies.every((r) => r.status < 500)).toBe(true);
    expect((await orderRow(o.orderNo)).status).toBe('completed');
    expect((await subscriptionRow(id)).endsAt!.getTime()).toBe(end.getTime() + 2 * YEAR_MS);
    expect((await eventsOf(id)).filter((e) => e.kind === 'renewed')).toHaveLength(1);
  });

  it('50 upgrades asked at once place one order; the others are told of it', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    const answers = await Promise.all(Array.from({ length: 50 }, () => change(u, id, 'upgrade', { couponId: null })));
    const placedOnes = answers.filter((a) => a.body.resultCode === 200);
    expect(placedOnes).toHaveLength(1);
    const orderNo = placedOnes[0].body.data!.orderNo;
    expect(answers.filter((a) => a.body.resultCode === 409).every((a) => a.body.message === `已有待付款的升级订单 ${orderNo}，请先支付或取消`)).toBe(true);
    expect(answers.filter((a) => a.body.resultCode === 409)).toHaveLength(49);
  });
});
