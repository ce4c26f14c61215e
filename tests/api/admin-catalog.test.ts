/**
 * Catalog, dashboard and leads in the console (docs/api.md#operator-endpoints): a price/stock change is what GET
 * /products/{id} (the data of /proc/{id}) returns right after; product edits and off-sale; stale
 * forms get 409; bad input 400 naming the field; each change leaves an audit row with before/after.
 */
import { describe, expect, it } from 'vitest';
import { GET as productsGet } from '@/app/api/v1/admin/products/route';
import { GET as productGet, PUT as productPut } from '@/app/api/v1/admin/products/[id]/route';
import { PUT as skuPut } from '@/app/api/v1/admin/skus/[id]/route';
import { GET as dashboardGet } from '@/app/api/v1/admin/dashboard/route';
import { GET as leadsGet } from '@/app/api/v1/admin/leads/route';
import { POST as leadPost } from '@/app/api/v1/leads/route';
import { GET as shopProductGet } from '@/app/api/v1/products/[id]/route';
import { LOW_STOCK_THRESHOLD } from '@/lib/domain/catalog-rules';
import type { AdminProduct } from '@/lib/server/modules/catalog';
import type { Dashboard } from '@/lib/server/views/dashboard';
import type { LeadRow } from '@/lib/server/modules/leads';
import type { ProductDetail } from '@/lib/server/modules/catalog';
import { auditRows, loginOperator, placeOrder } from './admin-session';
import { HAN } from './helpers';
import { call, ctx, makeSku, ok, req, type Shopper } from './session';

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

const adminProduct = (op: Shopper, id: number) => ok<AdminProduct>(productGet, req('GET', `/admin/products/${id}`, undefined, { token: op.token }), ctx({ id }));
const putSku = (op: Shopper, id: number, body: unknown) => call<AdminProduct>(skuPut, req('PUT', `/admin/skus/${id}`, body, { token: op.token }), ctx({ id }));
const putProduct = (op: Shopper, id: number, body: unknown) =>
  call<AdminProduct>(productPut, req('PUT', `/admin/products/${id}`, body, { token: op.token }), ctx({ id }));
const shopView = (id: number) => call<ProductDetail>(shopProductGet, req('GET', `/products/${id}`), ctx({ id }));

const IMAGE = { src: '/images/products/disk-1.png', alt: '量子加密移动硬盘', width: 800, height: 800 };

function productBody(p: AdminProduct, over: Record<string, unknown> = {}) {
  return { name: p.name, subtitle: p.subtitle, description: p.description, images: p.images.length ? p.images : [IMAGE], onSale: p.onSale, version: p.version, ...over };
}

describe('PUT /admin/skus/{id}', () => {
  it('a new price, list price and stock are what GET /products/{id} returns on the next request; audited', async () => {
    const op = await loginOperator();
    const sku = await makeSku({ priceFen: 5_000, stock: 40 });
    const before = await adminProduct(op, sku.productId);
    const r = await putSku(op, sku.skuId, { priceFen: 12_345, listPriceFen: 15_000, stock: 7, version: before.skus[0].version });
    expect(r.body.resultCode, r.body.message).toBe(200);
    expect(r.body.data!.skus[0]).toMatchObject({ priceFen: 12_345, listPriceFen: 15_000, stock: 7 });

    const shop = await shopView(sku.productId);
    expect(shop.body.data!.skus[0]).toMatchObject({ id: sku.skuId, priceFen: 12_345, listPriceFen: 15_000, stock: 7 });
    expect(shop.body.data!.priceFen).toBe(12_345);

    const audit = await auditRows('sku', sku.skuId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'sku.update',
      actorUserId: op.userId,
      before: { priceFen: 5_000, listPriceFen: 5_000, stock: 40 },
      after: { priceFen: 12_345, listPriceFen: 15_000, stock: 7 },
    });
  });

  it('a form loaded before an order took stock (or before another save) gets 409, and nothing is overwritten', async () => {
    const op = await loginOperator();
    const sku = await makeSku({ stock: 10 });
    const loaded = await adminProduct(op, sku.productId);
    await placeOrder({ sku, quantity: 2 });
    const stale = await putSku(op, sku.skuId, { priceFen: 5_000, listPriceFen: 5_000, stock: 10, version: loaded.skus[0].version });
    expect(stale.body.resultCode).toBe(409);
    expect(stale.body.message).toMatch(/刷新/);
    expect((await shopView(sku.productId)).body.data!.skus[0].stock).toBe(8);

    const fresh = await adminProduct(op, sku.productId);
    expect((await putSku(op, sku.skuId, { priceFen: 5_000, listPriceFen: 5_000, stock: 30, version: fresh.skus[0].version })).body.resultCode).toBe(200);
    expect((await putSku(op, sku.skuId, { priceFen: 5_000, listPriceFen: 5_000, stock: 31, version: fresh.skus[0].version })).body.resultCode).toBe(409);
    expect(await auditRows('sku', sku.skuId)).toHaveLength(1);
  });

  it('answers bad input with 400 naming the field; an unknown SKU with 404', async () => {
    const op = await loginOperator();
    const sku = await makeSku();
    const { version } = (await adminProduct(op, sku.productId)).skus[0];
    const cases: [unknown, RegExp][] = [
      [{ priceFen: 6_000, listPriceFen: 5_000, stock: 1, version }, /划线价不能低于售价/],
      [{ priceFen: 0, listPriceFen: 5_000, stock: 1, version }, /售价/],
      [{ priceFen: 10.5, listPriceFen: 5_000, stock: 1, version }, /售价/],
      [{ priceFen: 5_000, listPriceFen: 5_000, stock: -1, version }, /库存/],
      [{ priceFen: 5_000, listPriceFen: 5_000, stock: 'many', version }, /库存/],
      [{ priceFen: 5_000, listPriceFen: 5_000, stock: 1 }, /刷新/],
    ];
    for (const [body, msg] of cases) {
      const r = await putSku(op, sku.skuId, body);
      expect(r.body.resultCode, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(msg);
      expect(r.body.message).toMatch(HAN);
    }
    expect((await putSku(op, 2_000_000_000, { priceFen: 1, listPriceFen: 1, stock: 1, version })).body.resultCode).toBe(404);
  });
});

describe('PUT /admin/products/{id}', () => {
  it('name, subtitle, description and images show in the shop at once; off sale hides it, on sale brings it back', async () => {
    const op = await loginOperator();
    const sku = await makeSku();
    let p = await adminProduct(op, sku.productId);
    const images = [IMAGE, { src: '/images/products/disk-2.webp', alt: '背面', width: 640, height: 480 }];
    const r = await putProduct(op, sku.productId, productBody(p, { name: '量子加密 U 盘 Pro', subtitle: '新款', description: '全新描述', images }));
    expect(r.body.resultCode, r.body.message).toBe(200);
    expect((await shopView(sku.productId)).body.data).toMatchObject({ name: '量子加密 U 盘 Pro', subtitle: '新款', description: '全新描述', images });

    p = r.body.data!;
    expect((await putProduct(op, sku.productId, productBody(p, { onSale: false }))).body.resultCode).toBe(200);
    expect((await shopView(sku.productId)).body.resultCode).toBe(404);
    const listed = await ok<Page<AdminProduct>>(productsGet, req('GET', '/admin/products?pageSize=100', undefined, { token: op.token }));
    expect(listed.total).toBeGreaterThan(0);

    p = await adminProduct(op, sku.productId);
    expect(p.onSale).toBe(false);
    expect((await putProduct(op, sku.productId, productBody(p, { onSale: true }))).body.resultCode).toBe(200);
    expect((await shopView(sku.productId)).body.resultCode).toBe(200);

    const audit = await auditRows('product', sku.productId);
    expect(audit.map((a) => a.action)).toEqual(['product.update', 'product.update', 'product.update']);
    expect(audit[0].before).toMatchObject({ name: sku.productName });
    expect(audit[0].after).toMatchObject({ name: '量子加密 U 盘 Pro', subtitle: '新款' });
    expect(audit[1]).toMatchObject({ before: { onSale: true }, after: { onSale: false } });
  });

  it('accepts only images under /images/ and answers other bad input with 400 naming the field', async () => {
    const op = await loginOperator();
    const sku = await makeSku();
    const p = await adminProduct(op, sku.productId);
    const bad = (src: string) => productBody(p, { images: [{ ...IMAGE, src }] });
    const cases: [unknown, RegExp][] = [
      [bad('https://evil.example/x.png'), /图片地址/],
      [bad('//evil.example/images/x.png'), /图片地址/],
      [bad('/images/../secret.png'), /图片地址/],
      [bad('/images/x.png?onerror=1'), /图片地址/],
      [bad('/uploads/x.png'), /图片地址/],
      [productBody(p, { images: [] }), /至少保留一张/],
      [productBody(p, { images: [{ ...IMAGE, width: 0 }] }), /图片宽度/],
      [productBody(p, { images: [{ ...IMAGE, alt: '' }] }), /图片说明/],
      [productBody(p, { name: '  ' }), /商品名称/],
      [productBody(p, { name: 'x'.repeat(101) }), /商品名称/],
      [productBody(p, { onSale: 'yes' }), /上架/],
    ];
    for (const [body, msg] of cases) {
      const r = await putProduct(op, sku.productId, body);
      expect(r.body.resultCode, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(msg);
    }
    expect(await auditRows('product', sku.productId)).toHaveLength(0);
    expect((await putProduct(op, 2_000_000_000, productBody(p))).body.resultCode).toBe(404);
    expect((await putProduct(op, sku.productId, productBody(p, { version: '1' }))).body.resultCode).toBe(409);
  });
});

describe('GET /admin/dashboard and /admin/leads', () => {
  it('counts orders waiting to ship and lists low stock', async () => {
    const op = await loginOperator();
    const d0 = await ok<Dashboard>(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: op.token }));
    const sku = await makeSku({ stock: LOW_STOCK_THRESHOLD + 2, priceFen: 3_000 });
    await placeOrder({ sku, quantity: 3, paid: true });
    const d1 = await ok<Dashboard>(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: op.token }));
    expect(d1.toShip).toBe(d0.toShip + 1);
    expect(d1.ordersToday).toBe(d0.ordersToday + 1);
    expect(d1.paidToday).toBe(d0.paidToday + 1);
    expect(d1.revenueTodayFen).toBe(d0.revenueTodayFen + 9_000 + 1_000);
    expect(d1.lowStock).toContainEqual(expect.objectContaining({ skuId: sku.skuId, stock: LOW_STOCK_THRESHOLD - 1 }));
  });

  it('shows a /deployment submission in the leads, newest first', async () => {
    const op = await loginOperator();
    const company = `量子测试单位 ${Date.now()}`;
    await ok(leadPost, req('POST', '/leads', { name: '李四', company, phone: '13900001111', product: '量子邮箱', seats: 50, message: '想了解私有化部署' }));
    const page = await ok<Page<LeadRow>>(leadsGet, req('GET', '/admin/leads', undefined, { token: op.token }));
    expect(page.items[0]).toMatchObject({ name: '李四', company, phone: '13900001111', product: '量子邮箱', seats: 50, message: '想了解私有化部署' });
  });
});
