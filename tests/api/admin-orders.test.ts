/**
 * Orders in the console (docs/api.md#operator-endpoints): 发货 moves a paid order to shipped and the shopper's own order
 * shows carrier, waybill and 已发货; guarded transitions (409); operator cancel returns stock;
 * filters; the CSV export holds exactly the filtered rows; every action leaves an audit row.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listGet } from '@/app/api/v1/admin/orders/route';
import { GET as exportGet } from '@/app/api/v1/admin/orders/export/route';
import { GET as detailGet } from '@/app/api/v1/admin/orders/[orderNo]/route';
import { POST as shipPost } from '@/app/api/v1/admin/orders/[orderNo]/ship/route';
import { POST as cancelPost } from '@/app/api/v1/admin/orders/[orderNo]/cancel/route';
import { GET as auditGet } from '@/app/api/v1/admin/audit/route';
import { GET as orderGet } from '@/app/api/v1/orders/[orderNo]/route';
import { DEFAULT_PAGE_SIZE } from '@/lib/web/page-sizes';
import { getDb } from '@/lib/server/db/client';
import { products } from '@/lib/server/db/schema';
import type { AdminOrder } from '@/lib/server/flows/order-admin';
import type { AdminOrderRow } from '@/lib/server/views/console-order-list';
import type { AuditRow } from '@/lib/server/views/audit-log';
import type { Order } from '@/lib/server/views/orders-detail';
import { shopDay } from '@/lib/domain/shop-time';
import { auditRows, loginOperator, placeOrder, whileAuditFails } from './admin-session';
import { HAN } from './helpers';
import { call, ctx, loginNew, makeSku, ok, orderRow, patchOrder, req, stockOf, type Shopper } from './session';

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

const ship = (op: Shopper, orderNo: string, body: unknown) =>
  call<AdminOrder>(shipPost, req('POST', `/admin/orders/${orderNo}/ship`, body, { token: op.token }), ctx({ orderNo }));
const shopperView = (u: Shopper, orderNo: string) => ok<Order>(orderGet, req('GET', `/orders/${orderNo}`, undefined, { token: u.token }), ctx({ orderNo }));
const list = (op: Shopper, query: string) => call<Page<AdminOrderRow>>(listGet, req('GET', `/admin/orders?${query}`, undefined, { token: op.token }));

describe('POST /admin/orders/{orderNo}/ship', () => {
  it('ships a paid order: 待收货 with carrier, waybill and a first 已发货 event in the shopper\'s own order; audited', async () => {
    const op = await loginOperator();
    const { buyer, order } = await placeOrder({ paid: true });
    expect((await shopperView(buyer, order.orderNo)).statusLabel).toBe('待发货');

    const { body } = await ship(op, order.orderNo, { carrier: '顺丰速运', trackingNo: ' sf1234567890 ' });
    expect(body.resultCode, body.message).toBe(200);
    expect(body.message).toBe('已发货');
    expect(body.data).toMatchObject({ status: 'shipped', carrier: '顺丰速运', trackingNo: 'SF1234567890', operations: { ship: false } });

    const seen = await shopperView(buyer, order.orderNo);
    expect(seen).toMatchObject({ status: 'shipped', statusLabel: '待收货', carrier: '顺丰速运', trackingNo: 'SF1234567890' });
    expect(seen.shippedAt).not.toBeNull();
    expect(seen.actions).toMatchObject({ confirm: true, logistics: true });
    expect(seen.shipmentEvents).toHaveLength(1);
    expect(seen.shipmentEvents[0].description).toMatch(/^已发货/);
    expect(seen.shipmentEvents[0].description).toContain('SF1234567890');

    const row = await orderRow(order.orderNo);
    expect(row.status).toBe('shipped');
    const audit = await auditRows('order', order.orderNo);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: op.userId,
      action: 'order.ship',
      before: { status: 'paid', carrier: null, trackingNo: null },
      after: { status: 'shipped', carrier: '顺丰速运', trackingNo: 'SF1234567890' },
    });
    expect(Date.now() - audit[0].createdAt.getTime()).toBeLessThan(60_000);
  });

  it('refuses an unpaid order and an order already shipped with 409, changing nothing', async () => {
    const op = await loginOperator();
    const unpaid = await placeOrder();
    const r1 = await ship(op, unpaid.order.orderNo, { carrier: '京东物流', trackingNo: 'JD00112233445' });
    expect(r1.body.resultCode).toBe(409);
    expect(r1.body.message).toContain('待付款');
    expect((await orderRow(unpaid.order.orderNo)).status).toBe('pending_payment');

    const paid = await placeOrder({ paid: true });
    expect((await ship(op, paid.order.orderNo, { carrier: '京东物流', trackingNo: 'JD00112233445' })).body.resultCode).toBe(200);
    const again = await ship(op, paid.order.orderNo, { carrier: 'EMS', trackingNo: 'EA123456789CN' });
    expect(again.body.resultCode).toBe(409);
    expect(again.body.message).toContain('待收货');
    const row = await orderRow(paid.order.orderNo);
    expect(row).toMatchObject({ carrier: '京东物流', trackingNo: 'JD00112233445' });
    expect((await shopperView(paid.buyer, paid.order.orderNo)).shipmentEvents).toHaveLength(1);
    expect(await auditRows('order', paid.order.orderNo)).toHaveLength(1);
  });

  it('two operators shipping at once: exactly one wins', async () => {
    const [a, b] = [await loginOperator(), await loginOperator()];
    const { order, buyer } = await placeOrder({ paid: true });
    const results = await Promise.all([
      ship(a, order.orderNo, { carrier: '中通快递', trackingNo: '78000000000001' }),
      ship(b, order.orderNo, { carrier: '圆通速递', trackingNo: 'YT0000000000002' }),
    ]);
    expect(results.map((r) => r.body.resultCode).sort()).toEqual([200, 409]);
    expect((await shopperView(buyer, order.orderNo)).shipmentEvents).toHaveLength(1);
    expect(await auditRows('order', order.orderNo)).toHaveLength(1);
  });

  it('never ships a service order', async () => {
    const op = await loginOperator();
    const { order } = await placeOrder({ paid: true, sku: await makeSku({ kind: 'service' }) });
    expect((await orderRow(order.orderNo)).status).toBe('completed');
    await patchOrder(order.orderNo, { status: 'paid' });
    const r = await ship(op, order.orderNo, { carrier: '顺丰速运', trackingNo: 'SF1234567890' });
    expect(r.body.resultCode).toBe(409);
    expect(r.body.message).toBe('服务类订单无需发货');
  });

  it('answers bad input with 400 naming the field, and an unknown order with 404', async () => {
    const op = await loginOperator();
    const { order } = await placeOrder({ paid: true });
    const cases: [unknown, RegExp][] = [
      [{ carrier: '邮政小包', trackingNo: 'SF1234567890' }, /快递公司/],
      [{ trackingNo: 'SF1234567890' }, /快递公司/],
      [{ carrier: '顺丰速运' }, /运单号/],
      [{ carrier: '顺丰速运', trackingNo: '' }, /运单号/],
      [{ carrier: '顺丰速运', trackingNo: 'SF-12' }, /运单号/],
      [{ carrier: '顺丰速运', trackingNo: '<script>123456' }, /运单号/],
      ['not json', /JSON/],
    ];
    for (const [body, msg] of cases) {
      const r = await ship(op, order.orderNo, body);
      expect(r.body.resultCode, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(msg);
      expect(r.body.message).toMatch(HAN);
    }
    expect((await orderRow(order.orderNo)).status).toBe('paid');
    expect((await ship(op, '20990101000000000000', { carrier: '顺丰速运', trackingNo: 'SF1234567890' })).body.resultCode).toBe(404);
    expect((await ship(op, 'abc', { carrier: '顺丰速运', trackingNo: 'SF1234567890' })).body.resultCode).toBe(404);
  });
});

describe('POST /admin/orders/{orderNo}/cancel', () => {
  it('cancels an unpaid order with the reason the shopper sees, returns the stock once, and is audited', async () => {
    const op = await loginOperator();
    const sku = await makeSku({ stock: 10 });
    const { buyer, order } = await placeOrder({ sku, quantity: 3 });
    expect(await stockOf(sku.skuId)).toBe(7);
    const r = await call<AdminOrder>(cancelPost, req('POST', `/admin/orders/${order.orderNo}/cancel`, { reason: '库存核对有误' }, { token: op.token }), ctx({ orderNo: order.orderNo }));
    expect(r.body.resultCode, r.body.message).toBe(200);
    expect(await stockOf(sku.skuId)).toBe(10);
    const seen = await shopperView(buyer, order.orderNo);
    expect(seen).toMatchObject({ status: 'cancelled', statusLabel: '已取消', cancelReason: '库存核对有误' });

    const again = await call(cancelPost, req('POST', `/admin/orders/${order.orderNo}/cancel`, {}, { token: op.token }), ctx({ orderNo: order.orderNo }));
    expect(again.body.resultCode).toBe(409);
    expect(await stockOf(sku.skuId)).toBe(10);
    const audit = await auditRows('order', order.orderNo);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'order.cancel', actorUserId: op.userId, after: { status: 'cancelled', cancelReason: '库存核对有误' } });
  });

  it('when its audit row cannot be written, the cancel is undone: still 待付款, the stock still taken', async () => {
    const op = await loginOperator();
    const sku = await makeSku({ stock: 10 });
    const { order } = await placeOrder({ sku, quantity: 3 });
    const cancelReq = () => req('POST', `/admin/orders/${order.orderNo}/cancel`, { reason: '库存核对有误' }, { token: op.token });
    const failed = await whileAuditFails(() => cancelPost(cancelReq(), ctx({ orderNo: order.orderNo })));
    expect(failed.status).toBe(500);
    expect((await failed.json()).message).toMatch(HAN);
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');
    expect(await stockOf(sku.skuId)).toBe(7);
    expect(await auditRows('order', order.orderNo)).toHaveLength(0);
    // with the log back, the same cancel goes through once
    expect((await call(cancelPost, cancelReq(), ctx({ orderNo: order.orderNo }))).body.resultCode).toBe(200);
    expect(await stockOf(sku.skuId)).toBe(10);
    expect(await auditRows('order', order.orderNo)).toHaveLength(1);
  });

  it('refuses to cancel a paid order (refund is the way) with 409', async () => {
    const op = await loginOperator();
    const { order } = await placeOrder({ paid: true });
    const r = await call(cancelPost, req('POST', `/admin/orders/${order.orderNo}/cancel`, {}, { token: op.token }), ctx({ orderNo: order.orderNo }));
    expect(r.body.resultCode).toBe(409);
    expect((await orderRow(order.orderNo)).status).toBe('paid');
  });
});

describe('GET /admin/orders (filters, paging) and the detail', () => {
  it('filters by state, phone, order number and Beijing date range', async () => {
    const op = await loginOperator();
    const buyer = await loginNew();
    const paid = await placeOrder({ buyer, paid: true });
    const unpaid = await placeOrder({ buyer });
    const other = await placeOrder({ paid: true });

    const byPhone = (await list(op, `phone=${buyer.phone}`)).body.data!;
    expect(byPhone.items.map((o) => o.orderNo).sort()).toEqual([paid.order.orderNo, unpaid.order.orderNo].sort());
    expect(byPhone.items.every((o) => o.buyerPhone === buyer.phone)).toBe(true);

    const paidOnly = (await list(op, `phone=${buyer.phone}&status=paid`)).body.data!;
    expect(paidOnly.items.map((o) => o.orderNo)).toEqual([paid.order.orderNo]);
    expect(paidOnly.items[0]).toMatchObject({ statusLabel: '待发货', receiverName: '张三', itemCount: 1 });

    const byNo = (await list(op, `orderNo=${other.order.orderNo}`)).body.data!;
    expect(byNo.items.map((o) => o.orderNo)).toEqual([other.order.orderNo]);

    const today = shopDay();
    const tomorrow = shopDay(new Date(Date.now() + 86_400_000));
    expect((await list(op, `phone=${buyer.phone}&from=${today}&to=${today}`)).body.data!.total).toBe(2);
    expect((await list(op, `phone=${buyer.phone}&from=${tomorrow}`)).body.data!.total).toBe(0);
  });

  it('answers bad filters with 400 naming the field', async () => {
    const op = await loginOperator();
    const cases: [string, RegExp][] = [
      ['from=2025-13-01', /开始日期/],
      ['to=yesterday', /结束日期/],
      ['from=2025-03-02&to=2025-03-01', /结束日期不能早于开始日期/],
      ['status=lost', /订单状态/],
      ['orderNo=abc', /订单号/],
      ['phone=13%25', /手机号/],
    ];
    for (const [q, msg] of cases) {
      const r = await list(op, q);
      expect(r.body.resultCode, q).toBe(400);
      expect(r.body.message).toMatch(msg);
    }
  });

  it(`pages ${DEFAULT_PAGE_SIZE} by default and accepts the page sizes of the tables`, async () => {
    const op = await loginOperator();
    const buyer = await loginNew();
    const sku = await makeSku({ stock: 100 });
    for (let i = 0; i < 12; i++) await placeOrder({ buyer, sku });
    const first = (await list(op, `phone=${buyer.phone}`)).body.data!;
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(first.items).toHaveLength(10);
    const second = (await list(op, `phone=${buyer.phone}&page=2`)).body.data!;
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((o) => o.orderNo)).size).toBe(12);
    expect((await list(op, `phone=${buyer.phone}&pageSize=20`)).body.data!.items).toHaveLength(12);
    expect((await list(op, `phone=${buyer.phone}&pageSize=7`)).body.data!.pageSize).toBe(DEFAULT_PAGE_SIZE);
  });

  it('shows one order with its buyer, what may be done and its audit trail', async () => {
    const op = await loginOperator();
    const { order, buyer } = await placeOrder({ paid: true });
    const before = await ok<AdminOrder>(detailGet, req('GET', `/admin/orders/${order.orderNo}`, undefined, { token: op.token }), ctx({ orderNo: order.orderNo }));
    expect(before).toMatchObject({ status: 'paid', buyer: { phone: buyer.phone }, operations: { ship: true, cancel: false }, audit: [] });
    await ship(op, order.orderNo, { carrier: '韵达快递', trackingNo: '4300000000001' });
    const after = await ok<AdminOrder>(detailGet, req('GET', `/admin/orders/${order.orderNo}`, undefined, { token: op.token }), ctx({ orderNo: order.orderNo }));
    expect(after.audit).toHaveLength(1);
    expect(after.audit[0]).toMatchObject({ action: 'order.ship', actionLabel: '订单发货' });

    const page = await ok<Page<AuditRow>>(auditGet, req('GET', `/admin/audit?entity=order&entityId=${order.orderNo}`, undefined, { token: op.token }));
    expect(page.items.map((a) => a.action)).toEqual(['order.ship']);
  });
});

describe('GET /admin/orders/export', () => {
  it('is a UTF-8 CSV with BOM, CRLF, quoted Chinese headers and exactly the filtered rows', async () => {
    const op = await loginOperator();
    const buyer = await loginNew();
    const sku = await makeSku({ stock: 20 });
    const db = await getDb();
    await db.update(products).set({ name: '=HYPERLINK("http://x")' }).where(eq(products.id, sku.productId));
    const paid = await placeOrder({ buyer, sku, paid: true, quantity: 2 });
    await placeOrder({ buyer, sku }); // unpaid: filtered out
    await placeOrder({ paid: true }); // another buyer: filtered out
    await ship(op, paid.order.orderNo, { carrier: '申通快递', trackingNo: '773000000000001' });

    const res = await exportGet(req('GET', `/admin/orders/export?phone=${buyer.phone}&status=shipped`, undefined, { token: op.token }), undefined);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const cd = res.headers.get('content-disposition')!;
    expect(cd).toMatch(/^attachment; filename="orders-\d{8}\.csv"; filename\*=UTF-8''/);
    expect(decodeURIComponent(cd.split("UTF-8''")[1])).toMatch(/^订单-\d{8}\.csv$/);

    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFF"订单号","下单时间","订单状态"')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n').slice(0, -1);
    expect(lines).toHaveLength(2); // header + the one shipped order of this buyer
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const cells = lines[1].slice(1, -1).split('","');
    expect(cells[0]).toBe(`${paid.order.orderNo}\t`);
    expect(cells[2]).toBe('待收货');
    expect(cells[3]).toBe('设备');
    expect(cells[4]).toBe(`'=HYPERLINK(""http://x"") ${sku.skuName} ×2`);
    expect(cells[5]).toBe('2');
    expect(cells[9]).toBe(`${buyer.phone}\t`);
    expect(cells[15]).toBe('申通快递');
    expect(cells[16]).toBe('773000000000001\t');
    expect(cells[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answers bad filters with the 400 envelope, not a file', async () => {
    const op = await loginOperator();
    const { body } = await call(exportGet, req('GET', '/admin/orders/export?from=2025-02-30', undefined, { token: op.token }));
    expect(body.resultCode).toBe(400);
    expect(body.message).toMatch(/开始日期/);
  });
});
