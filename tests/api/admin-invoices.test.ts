/**
 * The console's invoice and refund actions (docs/states.md#invoice-statuses, #refunds): the 开票 / 驳回 queue, the
 * shopper seeing the issued invoice (and downloading its PDF) or the reason; 退款 of a paid order
 * (refunding, its issued invoice queued for 红冲, 红冲完成); every action audited.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as queueGet } from '@/app/api/v1/admin/invoices/route';
import { POST as issuePost } from '@/app/api/v1/admin/invoices/[id]/issue/route';
import { POST as rejectPost } from '@/app/api/v1/admin/invoices/[id]/reject/route';
import { POST as reversalPost } from '@/app/api/v1/admin/invoices/[id]/reversal/route';
import { POST as refundPost } from '@/app/api/v1/admin/orders/[orderNo]/refund/route';
import { POST as invoicesPost } from '@/app/api/v1/invoices/route';
import { GET as invoiceGet } from '@/app/api/v1/invoices/[id]/route';
import { GET as pdfGet } from '@/app/api/v1/invoices/[id]/pdf/route';
import { GET as orderGet } from '@/app/api/v1/orders/[orderNo]/route';
import { getDb } from '@/lib/server/db/client';
import { invoices, payments, refunds } from '@/lib/server/db/schema';
import type { AdminOrder } from '@/lib/server/flows/order-admin';
import type { AdminInvoice, Invoice } from '@/lib/server/modules/invoice';
import type { Order } from '@/lib/server/views/orders-detail';
import { auditRows, loginOperator, placeOrder, whileAuditFails, type Placed } from './admin-session';
import { call, ctx, ok, orderRow, req, type Shopper } from './session';

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
const PERSONAL = { invoiceType: 'normal', titleType: 'personal', title: '王小明', email: 'wang@example.com' };

async function requested(p: Placed): Promise<Invoice> {
  return ok<Invoice>(invoicesPost, req('POST', '/invoices', { orderNo: p.order.orderNo, ...PERSONAL }, { token: p.buyer.token }));
}
const issue = (op: Shopper, id: number) => call<AdminInvoice>(issuePost, req('POST', `/admin/invoices/${id}/issue`, {}, { token: op.token }), ctx({ id }));
const reject = (op: Shopper, id: number, body: unknown) => call<AdminInvoice>(rejectPost, req('POST', `/admin/invoices/${id}/reject`, body, { token: op.token }), ctx({ id }));
const shopperInvoice = (u: Shopper, id: number) => ok<Invoice>(invoiceGet, req('GET', `/invoices/${id}`, undefined, { token: u.token }), ctx({ id }));

/** What a verified payment leaves behind (the demo gateways are the payment issue's tests). */
async function succeededPayment(p: Placed) {
  const db = await getDb();
  const paymentNo = `P${Date.now()}${randomBytes(3).toString('hex')}`.slice(0, 32);
  await db.insert(payments).values({
    paymentNo,
    orderId: p.orderId,
    channel: 'alipay_page',
    amountFen: p.order.totalFen,
    status: 'succeeded',
    providerTxnId: `T${paymentNo}`,
    expiresAt: new Date(Date.now() + 600_000),
    paidAt: new Date(),
  });
}

describe('the invoice queue: 开票 and 驳回', () => {
  it('issues a pending invoice: it leaves the queue, the shopper sees 已开票 with a number and downloads the PDF', async () => {
    const op = await loginOperator();
    const p = await placeOrder({ paid: true });
    const inv = await requested(p);
    const queue = await ok<Page<AdminInvoice>>(queueGet, req('GET', '/admin/invoices?pageSize=100', undefined, { token: op.token }));
    expect(queue.items.map((i) => i.id)).toContain(inv.id);

    const r = await issue(op, inv.id);
    expect(r.body.resultCode, r.body.message).toBe(200);
    expect(r.body.message).toBe('发票已开具');
    const seen = await shopperInvoice(p.buyer, inv.id);
    expect(seen).toMatchObject({ status: 'issued', statusLabel: '已开票' });
    expect(seen.invoiceNo).toMatch(/^\d{20}$/);
    const pdf = await pdfGet(req('GET', `/invoices/${inv.id}/pdf`, undefined, { token: p.buyer.token }), ctx({ id: inv.id }));
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    const after = await ok<Page<AdminInvoice>>(queueGet, req('GET', '/admin/invoices?pageSize=100', undefined, { token: op.token }));
    expect(after.items.map((i) => i.id)).not.toContain(inv.id);
    expect((await issue(op, inv.id)).body.resultCode).toBe(409);
    const audit = await auditRows('invoice', inv.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'invoice.issue', actorUserId: op.userId });
  });

  it('rejects with the reason the shopper sees; no reason is a 400 naming the field', async () => {
    const op = await loginOperator();
    const p = await placeOrder({ paid: true });
    const inv = await requested(p);
    const missing = await reject(op, inv.id, {});
    expect(missing.body.resultCode).toBe(400);
    expect(missing.body.message).toMatch(/驳回原因/);
    expect((await reject(op, inv.id, { reason: '  ' })).body.resultCode).toBe(400);

    const r = await reject(op, inv.id, { reason: '抬头与付款人不一致' });
    expect(r.body.resultCode, r.body.message).toBe(200);
    expect(await shopperInvoice(p.buyer, inv.id)).toMatchObject({ status: 'rejected', rejectReason: '抬头与付款人不一致' });
    expect((await reject(op, inv.id, { reason: '再驳回一次' })).body.resultCode).toBe(409);
    expect((await issue(op, inv.id)).body.resultCode).toBe(409);
    expect((await auditRows('invoice', inv.id)).map((a) => [a.action, a.actorUserId])).toEqual([['invoice.reject', op.userId]]);
  });

  it('an unknown invoice is 404', async () => {
    const op = await loginOperator();
    expect((await issue(op, 2_000_000_000)).body.resultCode).toBe(404);
  });
});

describe('POST /admin/orders/{orderNo}/refund', () => {
  /** An operator, and a paid order (its payment succeeded) whose invoice the operator has issued. */
  async function paidWithIssuedInvoice() {
    const op = await loginOperator();
    const p = await placeOrder({ paid: true });
    await succeededPayment(p);
    const inv = await requested(p);
    expect((await issue(op, inv.id)).body.resultCode).toBe(200);
    return { op, p, inv };
  }
  const refundReq = (op: Shopper, p: Placed) => req('POST', `/admin/orders/${p.order.orderNo}/refund`, { reason: '买家申请退货' }, { token: op.token });

  it('when its audit row cannot be written, nothing of the refund is kept: still paid, no refund number, the invoice untouched', async () => {
    const { op, p, inv } = await paidWithIssuedInvoice();
    const failed = await whileAuditFails(() =>
      refundPost(refundReq(op, p), ctx({ orderNo: p.order.orderNo })),
    );
    expect(failed.status).toBe(500);
    expect((await orderRow(p.order.orderNo)).status).toBe('paid');
    const db = await getDb();
    expect(await db.select().from(refunds).where(eq(refunds.orderId, p.orderId))).toHaveLength(0);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect([row.status, row.reversal]).toEqual(['issued', null]);
    expect((await auditRows('order', p.order.orderNo)).map((a) => a.action)).not.toContain('order.refund');
  });

  it('moves a paid order with an issued invoice to 退款中, queues the invoice for 红冲, and audits both steps', async () => {
    const { op, p, inv } = await paidWithIssuedInvoice();

    const r = await call<AdminOrder>(refundPost, refundReq(op, p), ctx({ orderNo: p.order.orderNo }));
    expect(r.body.resultCode, r.body.message).toBe(200);
    expect(['refunding', 'refunded']).toContain((await orderRow(p.order.orderNo)).status);
    const seen = await ok<Order>(orderGet, req('GET', `/orders/${p.order.orderNo}`, undefined, { token: p.buyer.token }), ctx({ orderNo: p.order.orderNo }));
    expect(['退款中', '已退款']).toContain(seen.statusLabel);

    const audit = await auditRows('order', p.order.orderNo);
    expect(audit.at(-1)).toMatchObject({ action: 'order.refund', actorUserId: op.userId, before: { status: 'paid' }, after: { reason: '买家申请退货', invoice: 'reversal' } });

    const reversals = await ok<Page<AdminInvoice>>(queueGet, req('GET', '/admin/invoices?queue=reversal&pageSize=100', undefined, { token: op.token }));
    expect(reversals.items.map((i) => i.id)).toContain(inv.id);
    const done = await call<AdminInvoice>(reversalPost, req('POST', `/admin/invoices/${inv.id}/reversal`, {}, { token: op.token }), ctx({ id: inv.id }));
    expect(done.body.resultCode, done.body.message).toBe(200);
    expect(done.body.data!.reversal).toBe('done');

    const again = await call(refundPost, req('POST', `/admin/orders/${p.order.orderNo}/refund`, {}, { token: op.token }), ctx({ orderNo: p.order.orderNo }));
    expect(again.body.resultCode).toBe(409);
  });

  it('refuses an unpaid order with 409 and changes nothing', async () => {
    const op = await loginOperator();
    const p = await placeOrder();
    const r = await call(refundPost, req('POST', `/admin/orders/${p.order.orderNo}/refund`, {}, { token: op.token }), ctx({ orderNo: p.order.orderNo }));
    expect(r.body.resultCode).toBe(409);
    expect(r.body.message).toContain('待付款');
    expect((await orderRow(p.order.orderNo)).status).toBe('pending_payment');
    expect(await auditRows('order', p.order.orderNo)).toHaveLength(0);
  });
});
