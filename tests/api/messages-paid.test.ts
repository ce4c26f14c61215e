/**
 * 订单支付成功 (docs/messages.md#events) says what comes next: an order of goods will be shipped, an
 * order of services has its activation codes out already (in the order's detail). One message per
 * order however often the payment is applied.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { formatFen } from '@/lib/domain/money';
import { getDb } from '@/lib/server/db/client';
import { messages } from '@/lib/server/db/schema';
import { markOrderPaid } from '@/lib/server/modules/order';
import { type Order } from '@/lib/server/views/orders-detail';
import { buyer, idemKey, makeSku, ok, orderRow, req } from './session';

async function paidOrder(kind: 'device' | 'service') {
  const sku = await makeSku({ kind, priceFen: 12_300 });
  const u = await buyer();
  const order = await ok<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId, idempotencyKey: idemKey() }, { token: u.token }));
  const { id } = await orderRow(order.orderNo);
  expect(await markOrderPaid(id)).toBe(true);
  expect(await markOrderPaid(id)).toBe(false);
  const db = await getDb();
  const rows = await db.select().from(messages).where(eq(messages.userId, u.userId));
  return { order, rows };
}

describe('订单支付成功', () => {
  it('an order of goods: will be shipped', async () => {
    const { order, rows } = await paidOrder('device');
    expect(rows.map((m) => [m.kind, m.title, m.link])).toEqual([['order_paid', '订单支付成功', `/OrderDetail?orderNo=${order.orderNo}`]]);
    expect(rows[0].body).toBe(`您的订单 ${order.orderNo} 已支付成功，实付 ${formatFen(order.totalFen)}，我们将尽快为您发货。`);
  });

  it('an order of services: its activation codes are out, nothing is shipped', async () => {
    const { order, rows } = await paidOrder('service');
    expect(rows.map((m) => [m.kind, m.title])).toEqual([['order_paid', '订单支付成功']]);
    expect(rows[0].body).toBe(`您的订单 ${order.orderNo} 已支付成功，实付 ${formatFen(order.totalFen)}，激活码已发放，可在订单详情中查看。`);
    expect(rows[0].body).not.toContain('发货');
  });
});
