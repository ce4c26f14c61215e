/**
 * NUL and other control characters in text: every text field refuses them with a 400 naming the
 * field in Chinese (PostgreSQL refuses NUL in text, which was a 500), and every search drops them
 * and still finds what the rest of the term finds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PUT as profilePut } from '@/app/api/v1/user/profile/route';
import { POST as addressesPost } from '@/app/api/v1/addresses/route';
import { PUT as addressPut } from '@/app/api/v1/addresses/[id]/route';
import { POST as leadsPost } from '@/app/api/v1/leads/route';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { GET as productsGet } from '@/app/api/v1/products/route';
import { GET as auditGet } from '@/app/api/v1/admin/audit/route';
import { GET as adminOrdersGet } from '@/app/api/v1/admin/orders/route';
import { PUT as adminProductPut } from '@/app/api/v1/admin/products/[id]/route';
import { POST as adminCancel } from '@/app/api/v1/admin/orders/[orderNo]/cancel/route';
import { POST as rejectInvoice } from '@/app/api/v1/admin/invoices/[id]/reject/route';
import ProductListPage from '@/app/(shop)/ProductList/page';
import CategoryPage from '@/app/(shop)/Category/page';
import { loginOperator, placeOrder } from './admin-session';
import { HAN } from './helpers';
import { addAddress, ADDRESS, call, ctx, idemKey, loginNew, ok, req, type Handler, type Shopper } from './session';

const NUL = 'a\u0000b';

let shopper: Shopper;
let operator: Shopper;

beforeAll(async () => {
  shopper = await loginNew();
  operator = await loginOperator();
});

/** A 400 whose message is Chinese and names the field. */
async function refused(handler: Handler, request: Request, label: string, context?: unknown) {
  const { res, body } = await call(handler, request, context);
  expect(res.status, body.message).toBe(400);
  expect(body.message).toMatch(HAN);
  expect(body.message).toBe(`${label}不能包含控制字符`);
}

const LEAD = { name: '张三', company: '合肥量子测试有限公司', phone: '13800138000', product: '量子会议', message: '内网部署' };

describe('a NUL in a text field → 400 naming the field', () => {
  it('昵称', async () => {
    await refused(profilePut, req('PUT', '/user/profile', { nickname: NUL }, { token: shopper.token }), '昵称');
  });

  it.each([
    ['name', '姓名'],
    ['province', '地区'],
    ['addressDetail', '详细地址'],
  ])('address %s (new and edited)', async (field, label) => {
    await refused(addressesPost, req('POST', '/addresses', { ...ADDRESS, [field]: NUL }, { token: shopper.token }), label);
    const a = await addAddress(shopper.token);
    await refused(addressPut, req('PUT', `/addresses/${a.id}`, { ...ADDRESS, [field]: NUL }, { token: shopper.token }), label, ctx({ id: a.id }));
  });

  it.each([
    ['name', '姓名'],
    ['company', '单位名称'],
    ['message', '需求描述'],
  ])('lead %s', async (field, label) => {
    await refused(leadsPost, req('POST', '/leads', { ...LEAD, [field]: NUL }), label);
  });

  it('订单备注', async () => {
    await refused(ordersPost, req('POST', '/orders', { fromCart: true, remark: NUL, idempotencyKey: idemKey() }, { token: shopper.token }), '订单备注');
  });

  it('admin: audit entityId, product name and description, cancel and reject reasons', async () => {
    const o = { token: operator.token };
    await refused(auditGet, req('GET', `/admin/audit?entity=order&entityId=${encodeURIComponent(NUL)}`, undefined, o), '对象编号');
    const product = { name: NUL, subtitle: '', description: '', images: [{ src: '/images/products/disk-1.png', alt: '硬盘', width: 800, height: 800 }], onSale: true, version: '1' };
    await refused(adminProductPut, req('PUT', '/admin/products/1', product, o), '商品名称', ctx({ id: 1 }));
    await refused(adminProductPut, req('PUT', '/admin/products/1', { ...product, name: '量盾', description: NUL }, o), '商品描述', ctx({ id: 1 }));
    const { order } = await placeOrder();
    await refused(adminCancel, req('POST', `/admin/orders/${order.orderNo}/cancel`, { reason: NUL }, o), '取消原因', ctx({ orderNo: order.orderNo }));
    await refused(rejectInvoice, req('POST', '/admin/invoices/1/reject', { reason: NUL }, o), '驳回原因', ctx({ id: 1 }));
  });
});

describe('multi-line fields keep line feeds and tabs; one-line fields do not', () => {
  it('a lead message with \\n and \\t is saved; a name with \\n is refused', async () => {
    await ok(leadsPost, req('POST', '/leads', { ...LEAD, message: '第一行\n\t第二行' }));
    const { res, body } = await call(leadsPost, req('POST', '/leads', { ...LEAD, name: '张\n三' }));
    expect(res.status).toBe(400);
    expect(body.message).toBe('姓名不能包含换行或控制字符');
  });

  it('an order remark (multi-line) still never holds DEL, C1, ESC or a line separator', async () => {
    for (const bad of ['\u007f', '\u0085', '\u2028', '\u001b[31m'])
      await refused(ordersPost, req('POST', '/orders', { fromCart: true, remark: `备${bad}注`, idempotencyKey: idemKey() }, { token: shopper.token }), '订单备注');
  });
});

describe('search drops control characters and still finds', () => {
  type Page = { items: { name: string }[]; total: number };

  it('GET /products?q=量%00子 finds what q=量子 finds; q=%00 alone lists everything', async () => {
    const plain = await ok<Page>(productsGet, req('GET', `/products?q=${encodeURIComponent('量子')}`));
    expect(plain.total).toBeGreaterThan(0);
    expect(await ok<Page>(productsGet, req('GET', `/products?q=${encodeURIComponent('量\u0000子')}`))).toEqual(plain);
    expect(await ok<Page>(productsGet, req('GET', `/products?q=${encodeURIComponent('\u0000量子\t')}`))).toEqual(plain);
    const all = await ok<Page>(productsGet, req('GET', '/products'));
    expect(await ok<Page>(productsGet, req('GET', '/products?q=%00'))).toEqual(all);
  });

  it('the /ProductList and /Category pages render with ?q=a%00b', async () => {
    for (const page of [ProductListPage, CategoryPage]) {
      await expect(page({ searchParams: Promise.resolve({ q: NUL }) })).resolves.toBeTruthy();
      await expect(page({ searchParams: Promise.resolve({ q: ['量\u0000子', 'x'] }) })).resolves.toBeTruthy();
    }
  });

  it('admin order filters: a phone or order number with a NUL is searched without it', async () => {
    const o = { token: operator.token };
    const plain = await ok<Page>(adminOrdersGet, req('GET', '/admin/orders?phone=137', undefined, o));
    expect(await ok<Page>(adminOrdersGet, req('GET', `/admin/orders?phone=${encodeURIComponent('13\u00007')}`, undefined, o))).toEqual(plain);
    const all = await ok<Page>(adminOrdersGet, req('GET', '/admin/orders', undefined, o));
    expect(await ok<Page>(adminOrdersGet, req('GET', `/admin/orders?orderNo=%00`, undefined, o))).toEqual(all);
  });
});
