/**
 * Invoices at the API (docs/api.md#invoices, docs/rules.md#invoices): which orders may be invoiced (paid, shipped, completed; never
 * unpaid, cancelled or refunding/refunded), one per order, the rules of the request (company titles
 * need a valid taxpayer number, 增值税专用发票 a company and the four registration fields), saved
 * titles, ownership (another user's invoice and its PDF are 404), the console's issue and reject,
 * the refund's 红冲 mark, and the PDF itself (its text holds title, taxpayer number, amount and
 * the amount in capitals).
 */
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { GET as ordersGetOne } from '@/app/api/v1/orders/[orderNo]/route';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { DELETE as titleDelete } from '@/app/api/v1/invoice-titles/[id]/route';
import { GET as titlesGet } from '@/app/api/v1/invoice-titles/route';
import { GET as invoiceGet } from '@/app/api/v1/invoices/[id]/route';
import { GET as pdfGet } from '@/app/api/v1/invoices/[id]/pdf/route';
import { GET as invoicesGet, POST as invoicesPost } from '@/app/api/v1/invoices/route';
import { COMPANY_NAME } from '@/lib/shop-identity';
import { INVOICE_TITLE_MAX, SELLER_TAX_NO } from '@/lib/domain/invoice-rules';
import { fenToChineseCapital, formatFen } from '@/lib/domain/money';
import { getDb } from '@/lib/server/db/client';
import type { Page as InvoicePage } from '@/lib/server/db/paged';
import { auditLog, invoicePdfs } from '@/lib/server/db/schema';
import { markInvoiceForReversal, type Invoice, type InvoiceSummary, type InvoiceTitle } from '@/lib/server/modules/invoice';
import { completeInvoiceReversal, issueInvoice, rejectInvoice } from '@/lib/server/flows/invoice-console';
import { listPendingInvoices } from '@/lib/server/views/console-invoices';
import { markOrderPaid } from '@/lib/server/modules/order';
import { type Order } from '@/lib/server/views/orders-detail';
import { HAN } from './helpers';
import { addAddress, call, ctx, fails, idemKey, loginNew, makeSku, ok, orderRow, patchOrder, req, type Shopper } from './session';

type Buyer = Shopper & { addressId: number };

async function buyer(): Promise<Buyer> {
  const u = await loginNew();
  const a = await addAddress(u.token);
  return { ...u, addressId: a.id };
}

/** A new order of one SKU at this price; paid unless told otherwise (markOrderPaid, as a verified payment does). */
async function order(u: Buyer, o: { priceFen?: number; quantity?: number; paid?: boolean } = {}): Promise<{ orderNo: string; orderId: number; totalFen: number }> {
  const sku = await makeSku({ priceFen: o.priceFen ?? 5_000 });
  const created = await ok<Order>(
    ordersPost,
    req('POST', '/orders', { items: [{ skuId: sku.skuId, quantity: o.quantity ?? 1 }], addressId: u.addressId, idempotencyKey: idemKey() }, { token: u.token }),
  );
  const row = await orderRow(created.orderNo);
  if (o.paid !== false) expect(await markOrderPaid(row.id)).toBe(true);
  return { orderNo: created.orderNo, orderId: row.id, totalFen: created.totalFen };
}

const PERSONAL = { invoiceType: 'normal', titleType: 'personal', title: '王小明', email: 'wang@example.com' };
const COMPANY = { invoiceType: 'normal', titleType: 'company', title: '福建量子测试科技有限公司', taxNo: '91350100M000100Y43', email: 'finance@example.com' };
const SPECIAL = {
  ...COMPANY,
  invoiceType: 'special',
  title: '深圳量子测试有限公司',
  taxNo: '91440300708461136T',
  registeredAddress: '深圳市南山区科技园 1 号',
  registeredPhone: '0755-86013388',
  bankName: '招商银行深圳分行',
  bankAccount: '7559 0001 2345 678',
};

const ask = (u: Shopper, body: unknown) => call<Invoice>(invoicesPost, req('POST', '/invoices', body, { token: u.token }));
async function requested(u: Shopper, body: Record<string, unknown>): Promise<Invoice> {
  const { body: env } = await ask(u, body);
  expect(env.resultCode, env.message).toBe(200);
  return env.data!;
}
const read = (u: Shopper, id: number | string) => call<Invoice>(invoiceGet, req('GET', `/invoices/${id}`, undefined, { token: u.token }), ctx({ id }));
const list = (u: Shopper, query = '') => ok<InvoicePage<InvoiceSummary>>(invoicesGet, req('GET', `/invoices${query}`, undefined, { token: u.token }));
const pdf = (u: Shopper | null, id: number | string) => pdfGet(req('GET', `/invoices/${id}/pdf`, undefined, u ? { token: u.token } : {}), ctx({ id }));

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

// ------------------------------------------------------------------ which orders

describe('POST /invoices: which orders', () => {
  it.each(['paid', 'shipped', 'completed'] as const)('a %s order may be invoiced: 待开票 for what the shopper paid', async (status) => {
    const u = await buyer();
    const o = await order(u, { priceFen: 5_000 }); // ¥50 + ¥10 shipping
    if (status !== 'paid') await patchOrder(o.orderNo, { status });
    const inv = await requested(u, { orderNo: o.orderNo, ...PERSONAL });
    expect(inv).toMatchObject({
      orderNo: o.orderNo,
      status: 'pending',
      statusLabel: '待开票',
      amountFen: 6_000,
      invoiceType: 'normal',
      invoiceTypeLabel: '普通发票',
      titleType: 'personal',
      title: '王小明',
      taxNo: null,
      invoiceNo: null,
      pdfUrl: null,
    });
    expect(o.totalFen).toBe(6_000);
  });

  it.each([
    ['pending_payment', '订单尚未付款，付款后才能申请开票'],
    ['cancelled', '订单已取消，不能申请开票'],
    ['refunding', '订单退款中，不能申请开票'],
    ['refunded', '订单已退款，不能申请开票'],
  ] as const)('a %s order is refused with 409 「%s」', async (status, message) => {
    const u = await buyer();
    const o = await order(u, { paid: status !== 'pending_payment' });
    if (status !== 'pending_payment') await patchOrder(o.orderNo, { status });
    const { body } = await ask(u, { orderNo: o.orderNo, ...PERSONAL });
    expect(body.resultCode).toBe(409);
    expect(body.message).toBe(message);
    expect((await list(u)).total).toBe(0);
  });

  it('another user’s order, or one that does not exist, is 404 「订单不存在」', async () => {
    const [a, b] = [await buyer(), await buyer()];
    const o = await order(a);
    expect(await fails(404, invoicesPost, req('POST', '/invoices', { orderNo: o.orderNo, ...PERSONAL }, { token: b.token }))).toBe('订单不存在');
    expect(await fails(404, invoicesPost, req('POST', '/invoices', { ...PERSONAL, orderNo: '20990101000000000000' }, { token: a.token }))).toBe('订单不存在');
  });

  it('one invoice per order: a second request is 409, also after issue; a rejected one may be sent again', async () => {
    const u = await buyer();
    const o = await order(u);
    const first = await requested(u, { orderNo: o.orderNo, ...PERSONAL });
    const again = await ask(u, { orderNo: o.orderNo, ...COMPANY });
    expect(again.body.resultCode).toBe(409);
    expect(again.body.message).toBe('该订单已申请过发票，每个订单只能开具一张发票');

    await rejectInvoice(first.id, { reason: '抬头与付款人不符' });
    const seen = (await read(u, first.id)).body.data!;
    expect(seen).toMatchObject({ status: 'rejected', statusLabel: '已驳回', rejectReason: '抬头与付款人不符' });
    const resent = await requested(u, { orderNo: o.orderNo, ...COMPANY });
    expect(resent).toMatchObject({ id: first.id, status: 'pending', rejectReason: null, titleType: 'company', taxNo: COMPANY.taxNo });

    await issueInvoice(first.id);
    expect((await ask(u, { orderNo: o.orderNo, ...PERSONAL })).body.resultCode).toBe(409);
    expect((await list(u)).total).toBe(1);
  });

  it('two requests for one order at once: one 200, one 409', async () => {
    const u = await buyer();
    const o = await order(u);
    const codes = (await Promise.all([ask(u, { orderNo: o.orderNo, ...PERSONAL }), ask(u, { orderNo: o.orderNo, ...COMPANY })])).map((r) => r.body.resultCode);
    expect(codes.sort()).toEqual([200, 409]);
  });

  it('the order detail shows the invoice and stops offering 申请开票', async () => {
    const u = await buyer();
    const o = await order(u);
    const before = await ok<Order>(ordersGetOne, req('GET', `/orders/${o.orderNo}`, undefined, { token: u.token }), ctx({ orderNo: o.orderNo }));
    expect(before.actions.invoice).toBe(true);
    expect(before.invoice).toBeNull();
    const inv = await requested(u, { orderNo: o.orderNo, ...PERSONAL });
    const after = await ok<Order>(ordersGetOne, req('GET', `/orders/${o.orderNo}`, undefined, { token: u.token }), ctx({ orderNo: o.orderNo }));
    expect(after.actions.invoice).toBe(false);
    expect(after.invoice).toEqual({ id: inv.id, status: 'pending', statusLabel: '待开票' });
  });
});

// ------------------------------------------------------------------ the request's rules

describe('POST /invoices: the rules of the request', () => {
  it('a company title needs a taxpayer number that passes GB 32100-2015 (lower case accepted)', async () => {
    const u = await buyer();
    const o = await order(u);
    const bad = async (taxNo: string | undefined, message: string | RegExp) => {
      const { body } = await ask(u, { orderNo: o.orderNo, ...COMPANY, taxNo });
      expect(body.resultCode, String(taxNo)).toBe(400);
      expect(body.message).toMatch(message);
    };
    await bad(undefined, '请填写纳税人识别号');
    await bad('91350100M000100Y44', '纳税人识别号校验位不正确，请核对');
    await bad('91350100M000100Y4', /18 位/);
    await bad('91350100M000100O43', /不含 I、O、S、V、Z/);
    const inv = await requested(u, { orderNo: o.orderNo, ...COMPANY, taxNo: '91350100m000100y43' });
    expect(inv.taxNo).toBe('91350100M000100Y43');
  });

  it('an 增值税专用发票 needs a company title and the registered address, phone, bank and account', async () => {
    const u = await buyer();
    const o = await order(u);
    expect(await fails(400, invoicesPost, req('POST', '/invoices', { orderNo: o.orderNo, ...SPECIAL, titleType: 'personal' }, { token: u.token }))).toBe(
      '增值税专用发票仅限单位抬头，请选择单位',
    );
    for (const [field, label] of [
      ['registeredAddress', '注册地址'],
      ['registeredPhone', '注册电话'],
      ['bankName', '开户银行'],
      ['bankAccount', '银行账号'],
    ] as const) {
      const message = await fails(400, invoicesPost, req('POST', '/invoices', { orderNo: o.orderNo, ...SPECIAL, [field]: '' }, { token: u.token }));
      expect(message).toBe(`开具增值税专用发票请填写${label}`);
    }
    expect(await fails(400, invoicesPost, req('POST', '/invoices', { orderNo: o.orderNo, ...SPECIAL, registeredPhone: '8888' }, { token: u.token }))).toBe('请填写正确的注册电话');
    const inv = await requested(u, { orderNo: o.orderNo, ...SPECIAL });
    expect(inv).toMatchObject({
      invoiceType: 'special',
      invoiceTypeLabel: '增值税专用发票',
      registeredAddress: SPECIAL.registeredAddress,
      registeredPhone: SPECIAL.registeredPhone,
      bankName: SPECIAL.bankName,
      bankAccount: '755900012345678',
    });
  });

  it(`title ≤ ${INVOICE_TITLE_MAX} characters, an e-mail for delivery; every 400 names its field in Chinese`, async () => {
    const u = await buyer();
    const o = await order(u);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '字'.repeat(INVOICE_TITLE_MAX + 1) }, `发票抬头不能超过 ${INVOICE_TITLE_MAX} 个字`],
      [{ title: '' }, '请填写发票抬头'],
      [{ email: '' }, '请填写接收邮箱'],
      [{ email: 'wang-at-example' }, '请填写正确的接收邮箱'],
      [{ invoiceType: 'vat' }, '请选择发票类型'],
      [{ titleType: 'group' }, '请选择抬头类型'],
      [{ orderNo: 'abc' }, '订单编号不正确'],
    ];
    for (const [patch, message] of cases) {
      expect(await fails(400, invoicesPost, req('POST', '/invoices', { orderNo: o.orderNo, ...PERSONAL, ...patch }, { token: u.token })), JSON.stringify(patch)).toBe(message);
    }
    expect(await fails(400, invoicesPost, req('POST', '/invoices', '{"orderNo":', { token: u.token }))).toMatch(HAN);
    expect(await fails(400, invoicesPost, req('POST', '/invoices', [], { token: u.token }))).toMatch(HAN);
    const long = await requested(u, { orderNo: o.orderNo, ...PERSONAL, title: '字'.repeat(INVOICE_TITLE_MAX) });
    expect(long.title).toHaveLength(INVOICE_TITLE_MAX);
  });

  it('anonymous → 416 (HTTP 401); without X-Requested-With → 403', async () => {
    const u = await buyer();
    const o = await order(u);
    const { res, body } = await call(invoicesPost, req('POST', '/invoices', { orderNo: o.orderNo, ...PERSONAL }));
    expect(res.status).toBe(401);
    expect(body.resultCode).toBe(416);
    expect((await call(invoicesGet, req('GET', '/invoices'))).body.resultCode).toBe(416);
    expect((await call(invoicesPost, req('POST', '/invoices', { orderNo: o.orderNo, ...PERSONAL }, { token: u.token, xrw: false }))).body.resultCode).toBe(403);
    expect((await list(u)).total).toBe(0);
  });

  it('saved titles: each title + taxpayer number once, most recent first, only the owner’s', async () => {
    const [u, other] = [await buyer(), await buyer()];
    const [o1, o2, o3] = [await order(u), await order(u), await order(u)];
    await requested(u, { orderNo: o1.orderNo, ...SPECIAL });
    await requested(u, { orderNo: o2.orderNo, ...PERSONAL });
    await requested(u, { orderNo: o3.orderNo, ...SPECIAL, invoiceType: 'normal', registeredAddress: '', bankName: '', registeredPhone: '', bankAccount: '' });
    const titles = await ok<InvoiceTitle[]>(titlesGet, req('GET', '/invoice-titles', undefined, { token: u.token }));
    expect(titles.map((t) => t.title)).toEqual([SPECIAL.title, PERSONAL.title]);
    // the 普通发票 without bank details kept the ones saved with the 专用发票
    expect(titles[0]).toMatchObject({ titleType: 'company', taxNo: SPECIAL.taxNo, bankName: SPECIAL.bankName, bankAccount: '755900012345678' });
    expect(titles[1]).toMatchObject({ titleType: 'personal', taxNo: null, bankName: null });
    expect(await ok<InvoiceTitle[]>(titlesGet, req('GET', '/invoice-titles', undefined, { token: other.token }))).toEqual([]);
    expect((await call(titlesGet, req('GET', '/invoice-titles'))).body.resultCode).toBe(416);
  });

  it('a saved title can be deleted by its owner only; the invoices made with it stay', async () => {
    const [u, other] = [await buyer(), await buyer()];
    const o = await order(u);
    const inv = await requested(u, { orderNo: o.orderNo, ...SPECIAL });
    const titles = () => ok<InvoiceTitle[]>(titlesGet, req('GET', '/invoice-titles', undefined, { token: u.token }));
    const [t] = await titles();
    const del = (who: Shopper | null, id: number | string) => req('DELETE', `/invoice-titles/${id}`, undefined, who ? { token: who.token } : {});

    expect(await fails(416, titleDelete, del(null, t.id), ctx({ id: t.id }))).toMatch(/登录/);
    expect(await fails(404, titleDelete, del(other, t.id), ctx({ id: t.id }))).toBe('常用抬头不存在或已删除');
    expect((await titles()).map((x) => x.title)).toEqual([SPECIAL.title]);

    const gone = await call(titleDelete, del(u, t.id), ctx({ id: t.id }));
    expect(gone.body).toMatchObject({ resultCode: 200, message: '已删除' });
    expect(await titles()).toEqual([]);
    expect(await fails(404, titleDelete, del(u, t.id), ctx({ id: t.id }))).toBe('常用抬头不存在或已删除');
    await fails(404, titleDelete, del(u, 'abc'), ctx({ id: 'abc' }));
    expect((await read(u, inv.id)).body.data).toMatchObject({ title: SPECIAL.title, taxNo: SPECIAL.taxNo });
  });
});

// ------------------------------------------------------------------ reading, ownership

describe('GET /invoices, /invoices/{id}, /invoices/{id}/pdf', () => {
  it('the list: newest first, paged, filtered by state', async () => {
    const u = await buyer();
    const made: Invoice[] = [];
    for (let i = 0; i < 3; i++) made.push(await requested(u, { orderNo: (await order(u)).orderNo, ...PERSONAL }));
    await issueInvoice(made[0].id);
    const all = await list(u);
    expect(all.total).toBe(3);
    expect(all.items.map((i) => i.id)).toEqual(made.map((m) => m.id).reverse());
    expect(all.items[2]).toMatchObject({ status: 'issued', statusLabel: '已开票', amountFen: 6_000 });
    expect(all.items[2].invoiceNo).toMatch(/^\d{20}$/);
    const page2 = await list(u, '?page=2&pageSize=10');
    expect(page2.items).toEqual([]);
    expect((await list(u, '?pageSize=7')).pageSize).toBe(10); // not one of 10 20 30 40 50 100 → the default
    expect((await list(u, '?status=pending')).items.map((i) => i.id)).toEqual([made[2].id, made[1].id]);
    expect((await list(u, '?status=issued')).total).toBe(1);
  });

  it('another user’s invoice is 404 「发票不存在」, its PDF too; a bad id is 404', async () => {
    const [a, b] = [await buyer(), await buyer()];
    const inv = await requested(a, { orderNo: (await order(a)).orderNo, ...COMPANY });
    await issueInvoice(inv.id);
    expect((await read(a, inv.id)).body.resultCode).toBe(200);
    const theirs = await read(b, inv.id);
    expect(theirs.body.resultCode).toBe(404);
    expect(theirs.body.message).toBe('发票不存在');
    const stolen = await pdf(b, inv.id);
    expect(stolen.status).toBe(404);
    expect(stolen.headers.get('content-type')).toMatch(/application\/json/);
    expect(await stolen.json()).toEqual({ resultCode: 404, message: '发票不存在' });
    expect((await list(b)).total).toBe(0);
    for (const bad of ['abc', '0', '-1', '99999999999', '1.5']) expect((await read(a, bad)).body.resultCode, bad).toBe(404);
    expect((await pdf(null, inv.id)).status).toBe(401);
  });

  it('no PDF before the invoice is issued (404), nor after it was rejected', async () => {
    const u = await buyer();
    const inv = await requested(u, { orderNo: (await order(u)).orderNo, ...PERSONAL });
    const res = await pdf(u, inv.id);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('发票尚未开具，暂无可下载的文件');
    await rejectInvoice(inv.id, { reason: '信息有误' });
    expect((await pdf(u, inv.id)).status).toBe(404);
  });
});

// ------------------------------------------------------------------ the console, the PDF

describe('issue, reject, reversal (the console’s service functions)', () => {
  it('issue: 已开票 with a 20-digit number and the date; the PDF downloads with its title, tax number, amount and capitals', async () => {
    const u = await buyer();
    const o = await order(u, { priceFen: 129_900 }); // free shipping: ¥1,299.00
    const inv = await requested(u, { orderNo: o.orderNo, ...COMPANY, title: '福建量子测试科技有限公司 (R&D) <b>&amp;' });
    const issued = await issueInvoice(inv.id, u.userId);
    expect(issued).toMatchObject({ status: 'issued', statusLabel: '已开票', orderStatus: 'paid', pdfUrl: `/api/v1/invoices/${inv.id}/pdf` });
    expect(issued.invoiceNo).toMatch(/^\d{20}$/);

    const seen = (await read(u, inv.id)).body.data!;
    expect(seen).toMatchObject({ status: 'issued', invoiceNo: issued.invoiceNo, pdfUrl: `/api/v1/invoices/${inv.id}/pdf`, amountFen: 129_900 });
    expect(Date.now() - new Date(seen.issuedAt!).getTime()).toBeLessThan(60_000);

    const res = await pdf(u, inv.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`发票-${issued.invoiceNo}.pdf`)}`);
    expect(disposition).toContain(`filename="${issued.invoiceNo}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = await res.arrayBuffer();
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('福建量子测试科技有限公司 (R&D) <b>&amp;');
    expect(text).toContain(COMPANY.taxNo);
    expect(text).toContain(formatFen(129_900)); // ¥1,299.00
    expect(text).toContain('壹仟贰佰玖拾玖元整');
    expect(fenToChineseCapital(129_900)).toBe('壹仟贰佰玖拾玖元整');
    expect(text).toContain(COMPANY_NAME);
    expect(text).toContain(SELLER_TAX_NO);
    expect(text).toContain(issued.invoiceNo!);
    expect(text).toContain('13%');
    // 1299.00 incl. 13% VAT: 1149.56 before tax + 149.44 tax
    expect(text).toContain('1149.56');
    expect(text).toContain('149.44');

    const db = await getDb();
    const rows = await db.select().from(auditLog).where(eq(auditLog.entityId, String(inv.id)));
    expect(rows.filter((r) => r.entity === 'invoice').map((r) => [r.action, r.actorUserId])).toContainEqual(['invoice.issue', u.userId]);
  });

  it('the PDF lists each line, shipping as a line of its own, and the total with 角', async () => {
    const u = await buyer();
    const o = await order(u, { priceFen: 2_345, quantity: 3 }); // ¥70.35 + ¥10 shipping = ¥80.35
    expect(o.totalFen).toBe(8_035);
    const inv = await requested(u, { orderNo: o.orderNo, ...PERSONAL });
    await issueInvoice(inv.id);
    const text = await pdfText(await (await pdf(u, inv.id)).arrayBuffer());
    expect(text).toContain('运费');
    expect(text).toContain('¥80.35');
    expect(text).toContain('捌拾元叁角伍分');
    expect(text).toContain('王小明');
  });

  it('issue and reject only from 待开票: 409 otherwise, 404 for no such invoice, 400 without a reason', async () => {
    const u = await buyer();
    const inv = await requested(u, { orderNo: (await order(u)).orderNo, ...PERSONAL });
    await expect(rejectInvoice(inv.id, { reason: '   ' })).rejects.toMatchObject({ name: 'ZodError' });
    await issueInvoice(inv.id);
    await expect(issueInvoice(inv.id)).rejects.toMatchObject({ code: 409, message: '该发票已开票，只有待开票的发票可以开具' });
    await expect(rejectInvoice(inv.id, { reason: '重复' })).rejects.toMatchObject({ code: 409 });
    await expect(issueInvoice(2_000_000_000)).rejects.toMatchObject({ code: 404, message: '发票不存在' });
    const db = await getDb();
    expect((await db.select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, inv.id))).length).toBe(1);
  });

  it('two operators issue at once: one number, one PDF', async () => {
    const u = await buyer();
    const inv = await requested(u, { orderNo: (await order(u)).orderNo, ...PERSONAL });
    const results = await Promise.allSettled([issueInvoice(inv.id), issueInvoice(inv.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const db = await getDb();
    expect((await db.select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, inv.id))).length).toBe(1);
  });

  it('the console’s queue lists pending invoices oldest first', async () => {
    const u = await buyer();
    const a = await requested(u, { orderNo: (await order(u)).orderNo, ...PERSONAL });
    const b = await requested(u, { orderNo: (await order(u)).orderNo, ...COMPANY });
    const queue = await listPendingInvoices({ pageSize: 100 });
    const ids = queue.items.map((i) => i.id);
    expect(ids).toContain(a.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(queue.items.every((i) => i.status === 'pending')).toBe(true);
    expect(queue.items.find((i) => i.id === b.id)).toMatchObject({ userId: u.userId, orderStatus: 'paid', orderStatusLabel: '待发货' });
    expect(queue.items.find((i) => i.id === b.id)!.userPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it('a refund: an issued invoice is marked for 红冲, a pending one is rejected with 「订单已退款」, and neither can be issued', async () => {
    const u = await buyer();
    const issuedOrder = await order(u);
    const pendingOrder = await order(u);
    const issued = await requested(u, { orderNo: issuedOrder.orderNo, ...PERSONAL });
    const pending = await requested(u, { orderNo: pendingOrder.orderNo, ...PERSONAL });
    await issueInvoice(issued.id);

    await patchOrder(issuedOrder.orderNo, { status: 'refunding' });
    expect(await markInvoiceForReversal(await getDb(), issuedOrder.orderId)).toBe('reversal');
    expect(await markInvoiceForReversal(await getDb(), issuedOrder.orderId)).toBeNull(); // once
    const marked = (await read(u, issued.id)).body.data!;
    expect(marked).toMatchObject({ status: 'issued', reversal: 'pending', reversalLabel: '待红冲' });
    expect((await listPendingInvoices({ queue: 'reversal', pageSize: 100 })).items.map((i) => i.id)).toContain(issued.id);
    expect((await completeInvoiceReversal(issued.id)).reversal).toBe('done');
    expect((await listPendingInvoices({ queue: 'reversal', pageSize: 100 })).items.map((i) => i.id)).not.toContain(issued.id);

    await patchOrder(pendingOrder.orderNo, { status: 'refunded' });
    await expect(issueInvoice(pending.id)).rejects.toMatchObject({ code: 409, message: '订单已退款，不能开具发票' });
    expect(await markInvoiceForReversal(await getDb(), pendingOrder.orderId)).toBe('rejected');
    expect((await read(u, pending.id)).body.data).toMatchObject({ status: 'rejected', rejectReason: '订单已退款' });
    // and it cannot be requested again
    expect((await ask(u, { orderNo: pendingOrder.orderNo, ...PERSONAL })).body).toMatchObject({ resultCode: 409, message: '订单已退款，不能申请开票' });
  });
});
