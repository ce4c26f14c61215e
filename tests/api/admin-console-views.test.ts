/**
 * What the console shows matches the shop, on PGlite and PostgreSQL: an order line bought with a
 * coupon shows what was paid for it (实付单价, 实付小计), not its list price, on the order and on an
 * after-sales request; a template whose total
 * is all claimed reads 已领完 as the coupon centre does; the 商品 list's ?stock=low lists the
 * 库存不足 SKUs the 概览 counts (docs/api.md#operator-endpoints).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GET as detailGet } from '@/app/api/v1/admin/orders/[orderNo]/route';
import { GET as afterSaleGet } from '@/app/api/v1/admin/aftersales/[afterSaleNo]/route';
import { GET as couponsGet } from '@/app/api/v1/admin/coupons/route';
import { POST as stopPost } from '@/app/api/v1/admin/coupons/[id]/stop/route';
import { GET as productsGet } from '@/app/api/v1/admin/products/route';
import { GET as centreGet } from '@/app/api/v1/coupons/route';
import { AFTER_SALE_NO_LENGTH } from '@/lib/domain/after-sale-rules';
import { LOW_STOCK_THRESHOLD } from '@/lib/domain/catalog-rules';
import { getDb } from '@/lib/server/db/client';
import { afterSaleItems, afterSales, orderItems, skus } from '@/lib/server/db/schema';
import type { AdminAfterSale } from '@/lib/server/views/console-after-sales';
import { markOrderPaid } from '@/lib/server/modules/order';
import type { AdminOrder } from '@/lib/server/flows/order-admin';
import type { AdminProduct } from '@/lib/server/modules/catalog';
import type { AdminCouponTemplate } from '@/lib/server/modules/coupons';
import type { CentreCoupon } from '@/lib/server/modules/coupons';
import { loginOperator } from './admin-session';
import { claimOk, give, insertTemplate, items, order } from './coupon-kit';
import { buyer, ctx, fails, loginNew, makeSku, ok, orderRow, req, type Shopper } from './session';

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

const detail = (op: Shopper, orderNo: string) => ok<AdminOrder>(detailGet, req('GET', `/admin/orders/${orderNo}`, undefined, { token: op.token }), ctx({ orderNo }));

/** An operator, and a buyer's order of one ¥1,299 line with a ¥100 coupon. */
async function oneLineWithCoupon() {
  const op = await loginOperator();
  const b = await buyer();
  const sku = await makeSku({ priceFen: 129_900 });
  const couponId = await give(b, { name: '无门槛100元', amountFen: 10_000 });
  const placed = await order(b, { items: items([sku, 1]), couponId });
  expect(placed.body.resultCode, placed.body.message).toBe(200);
  return { op, b, placed };
}

describe('GET /admin/orders/{orderNo}: what was paid per line', () => {
  it('a ¥1,299 line bought with a ¥100 coupon: 实付单价 ¥1,199.00, not the list price', async () => {
    const { op, placed } = await oneLineWithCoupon();
    const o = await detail(op, placed.body.data!.orderNo);
    expect(o.lines).toHaveLength(1);
    expect(o.lines[0]).toMatchObject({ priceFen: 129_900, quantity: 1, discountFen: 10_000, paidFen: 119_900, paidUnitFen: 119_900, paidUnitExact: true });
  });

  it('when the paid amount does not divide by the quantity: 实付小计 exact, 实付单价 rounded down and marked', async () => {
    const op = await loginOperator();
    const b = await buyer();
    const sku = await makeSku({ priceFen: 129_900 });
    const other = await makeSku({ priceFen: 5_000 });
    const couponId = await give(b, { name: '无门槛100元', amountFen: 10_000, scopeType: 'products', scopeIds: [sku.productId] });
    const placed = await order(b, { items: items([sku, 3], [other, 1]), couponId });
    expect(placed.body.resultCode, placed.body.message).toBe(200);
    const o = await detail(op, placed.body.data!.orderNo);
    const line = o.lines.find((l) => l.skuId === sku.skuId)!;
    // 3 × ¥1,299 − ¥100 = ¥3,797.00: ¥1,265.666… a unit.
    expect(line).toMatchObject({ subtotalFen: 389_700, discountFen: 10_000, paidFen: 379_700, paidUnitFen: 126_566, paidUnitExact: false });
    // A line the coupon does not cover was paid at its price.
    expect(o.lines.find((l) => l.skuId === other.skuId)).toMatchObject({ discountFen: 0, paidFen: 5_000, paidUnitFen: 5_000, paidUnitExact: true });
    expect(o.lines.reduce((n, l) => n + l.paidFen, 0) + o.shippingFen).toBe(o.totalFen);
  });
});

describe('GET /admin/aftersales/{afterSaleNo}: 实付单价 of a line bought with a coupon', () => {
  it('is what a unit cost after the coupon (¥1,199.00), not the list price', async () => {
    const { op, b, placed } = await oneLineWithCoupon();
    const row = await orderRow(placed.body.data!.orderNo);
    expect(await markOrderPaid(row.id)).toBe(true);
    const db = await getDb();
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
    const afterSaleNo = `${Date.now()}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`.slice(0, AFTER_SALE_NO_LENGTH).padEnd(AFTER_SALE_NO_LENGTH, '0');
    const [sale] = await db
      .insert(afterSales)
      .values({ afterSaleNo, orderId: row.id, userId: b.userId, type: 'refund_only', reason: 'seven_days', status: 'pending_review', refundFen: 119_900 })
      .returning({ id: afterSales.id });
    await db.insert(afterSaleItems).values({ afterSaleId: sale.id, orderItemId: line.id, quantity: 1, refundFen: 119_900 });
    const a = await ok<AdminAfterSale>(afterSaleGet, req('GET', `/admin/aftersales/${afterSaleNo}`, undefined, { token: op.token }), ctx({ afterSaleNo }));
    expect(a.items[0]).toMatchObject({ priceFen: 129_900, paidUnitFen: 119_900, quantity: 1 });
  });
});

describe('GET /admin/coupons: 已领完 by the same rule as the coupon centre', () => {
  it('all of the total claimed → sold_out 已领完; some left → 发放中; stopped → 已停发', async () => {
    const op = await loginOperator();
    const u = await loginNew();
    const gone = await insertTemplate({ name: '限量1张', total: 1 });
    const left = await insertTemplate({ name: '限量5张', total: 5 });
    const stopped = await insertTemplate({ name: '停发的券', total: 1 });
    await claimOk(u, gone);
    await claimOk(u, left);
    await claimOk(u, stopped);
    await ok(stopPost, req('POST', `/admin/coupons/${stopped}/stop`, {}, { token: op.token }), ctx({ id: stopped }));

    const list = await ok<AdminCouponTemplate[]>(couponsGet, req('GET', '/admin/coupons', undefined, { token: op.token }));
    const of = (id: number) => list.find((t) => t.id === id)!;
    expect(of(gone)).toMatchObject({ issued: 1, total: 1, status: 'sold_out', statusLabel: '已领完' });
    expect(of(left)).toMatchObject({ issued: 1, total: 5, status: 'active', statusLabel: '发放中' });
    expect(of(stopped)).toMatchObject({ status: 'stopped', statusLabel: '已停发' });

    // The shop says the same of the sold-out one to another shopper.
    const other = await loginNew();
    const centre = await ok<CentreCoupon[]>(centreGet, req('GET', '/coupons', undefined, { token: other.token }));
    expect(centre.find((c) => c.templateId === gone)?.state).toBe('sold_out');
    expect(centre.find((c) => c.templateId === left)?.state).toBe('claimable');
  });
});

describe('GET /admin/products?stock=low: the 库存不足 list', () => {
  async function allPages(op: Shopper, query: string): Promise<AdminProduct[]> {
    const out: AdminProduct[] = [];
    for (let page = 1; ; page++) {
      const p = await ok<Page<AdminProduct>>(productsGet, req('GET', `/admin/products?${query}&pageSize=100&page=${page}`, undefined, { token: op.token }));
      out.push(...p.items);
      if (page * p.pageSize >= p.total) return out;
    }
  }

  it('lists the products with an on-sale device SKU at or under the threshold, each with only those SKUs', async () => {
    const op = await loginOperator();
    const low = await makeSku({ stock: 2 });
    const edge = await makeSku({ stock: LOW_STOCK_THRESHOLD });
    const plenty = await makeSku({ stock: LOW_STOCK_THRESHOLD + 1 });
    const service = await makeSku({ kind: 'service', stock: 0 });
    const db = await getDb();
    // A second, well-stocked option of the low product is not listed with it.
    const [second] = await db.insert(skus).values({ productId: low.productId, code: `T2-${low.skuId}`, name: '充足规格', priceFen: 5_000, listPriceFen: 5_000, stock: 80 }).returning({ id: skus.id });

    const listed = await allPages(op, 'stock=low');
    const byId = new Map(listed.map((p) => [p.id, p]));
    expect(byId.get(low.productId)?.skus.map((s) => s.id)).toEqual([low.skuId]);
    expect(byId.get(edge.productId)?.skus.map((s) => [s.id, s.stock])).toEqual([[edge.skuId, LOW_STOCK_THRESHOLD]]);
    expect(byId.has(plenty.productId)).toBe(false);
    expect(byId.has(service.productId)).toBe(false);
    expect(listed.every((p) => p.skus.every((s) => s.stock <= LOW_STOCK_THRESHOLD))).toBe(true);
    expect(listed.flatMap((p) => p.skus).some((s) => s.id === second.id)).toBe(false);

    // Without the filter, every product with all its SKUs.
    const all = await allPages(op, 'stock=');
    expect(all.find((p) => p.id === low.productId)?.skus.map((s) => s.id).sort()).toEqual([low.skuId, second.id].sort());
    expect(all.some((p) => p.id === plenty.productId)).toBe(true);
  });

  it('an unknown filter → 400 库存筛选不正确', async () => {
    const op = await loginOperator();
    expect(await fails(400, productsGet, req('GET', '/admin/products?stock=none', undefined, { token: op.token }))).toBe('库存筛选不正确');
  });
});
