/**
 * The console speaks Chinese, not column values: a payment reads 微信支付（扫码） / 支付成功 (one label
 * table each), and the audit log names each object (商品「…」, 规格「… · …」, 订单 …) with its console
 * link and shows before/after as 「售价：¥…」 lines instead of JSON.
 */
import { describe, expect, it } from 'vitest';
import { GET as auditGet } from '@/app/api/v1/admin/audit/route';
import { GET as detailGet } from '@/app/api/v1/admin/orders/[orderNo]/route';
import { POST as shipPost } from '@/app/api/v1/admin/orders/[orderNo]/ship/route';
import { GET as productGet } from '@/app/api/v1/admin/products/[id]/route';
import { PUT as skuPut } from '@/app/api/v1/admin/skus/[id]/route';
import { getDb } from '@/lib/server/db/client';
import { payments } from '@/lib/server/db/schema';
import type { AuditRow } from '@/lib/server/views/audit-log';
import { loginOperator, placeOrder } from './admin-session';
import { ctx, makeSku, ok, req } from './session';

type Page<T> = { items: T[] };

describe('the console in words', () => {
  it('a payment reads 微信支付（扫码） and 支付成功, not wechat_native / succeeded', async () => {
    const op = await loginOperator();
    const { order, orderId } = await placeOrder({ paid: true });
    const db = await getDb();
    await db.insert(payments).values({ paymentNo: `P${Date.now()}${orderId}`, orderId, channel: 'wechat_native', amountFen: order.totalFen, status: 'succeeded', paidAt: new Date(), expiresAt: new Date(Date.now() + 60_000) });
    const o = await ok<{ payments: { channel: string; channelLabel: string; status: string; statusLabel: string }[] }>(detailGet, req('GET', `/admin/orders/${order.orderNo}`, undefined, { token: op.token }), ctx({ orderNo: order.orderNo }));
    expect(o.payments[0]).toMatchObject({ channel: 'wechat_native', channelLabel: '微信支付（扫码）', status: 'succeeded', statusLabel: '支付成功' });
  });

  it('the audit log names the object with its link and says the change in words', async () => {
    const op = await loginOperator();
    const sku = await makeSku({ priceFen: 19_900, stock: 5 });
    const product = await ok<{ skus: { id: number; version: string }[] }>(productGet, req('GET', `/admin/products/${sku.productId}`, undefined, { token: op.token }), ctx({ id: sku.productId }));
    const version = product.skus.find((k) => k.id === sku.skuId)!.version;
    await ok(skuPut, req('PUT', `/admin/skus/${sku.skuId}`, { priceFen: 18_800, listPriceFen: 19_900, stock: 7, version }, { token: op.token }), ctx({ id: sku.skuId }));
    const skuRows = await ok<Page<AuditRow>>(auditGet, req('GET', `/admin/audit?entity=sku&entityId=${sku.skuId}`, undefined, { token: op.token }));
    const row = skuRows.items[0];
    expect(row.object).toEqual({ label: `规格「${sku.productName} · ${sku.skuName}」`, href: `/admin/products/${sku.productId}` });
    expect(row.beforeLines).toEqual(expect.arrayContaining(['售价：¥199.00', '库存：5']));
    expect(row.afterLines).toEqual(expect.arrayContaining(['售价：¥188.00', '库存：7']));
    expect([...row.beforeLines, ...row.afterLines].join('')).not.toMatch(/[{}"]/);

    const { order } = await placeOrder({ paid: true });
    await ok(shipPost, req('POST', `/admin/orders/${order.orderNo}/ship`, { carrier: '韵达快递', trackingNo: '4300000000002' }, { token: op.token }), ctx({ orderNo: order.orderNo }));
    const orderRows = await ok<Page<AuditRow>>(auditGet, req('GET', `/admin/audit?entity=order&entityId=${order.orderNo}`, undefined, { token: op.token }));
    expect(orderRows.items[0].object).toEqual({ label: `订单 ${order.orderNo}`, href: `/admin/orders/${order.orderNo}` });
    expect(orderRows.items[0].beforeLines).toContain('状态：待发货');
    expect(orderRows.items[0].afterLines).toEqual(expect.arrayContaining(['状态：待收货', '快递公司：韵达快递', '运单号：4300000000002']));
  });
});
