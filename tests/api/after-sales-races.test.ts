/**
 * After-sales under concurrency (docs/after-sales.md#quantities, #moves), on PostgreSQL only: PGlite
 * runs one transaction at a time, so a race there proves nothing about the locks. The same request
 * sent twice at once → one request; the operator's 同意 against the shopper's 撤销 → one wins, at most
 * one refund; a refund's notification against the sweep asking again → settled once, one SMS; 20
 * requests for one line → exactly one (one open request per line); 20 requests for 20 lines of one
 * order → every one, the shipping once, never more than was paid; 50 refunds of 5 orders settling at
 * once → every order 已退款 (each settle locks its order, or two of them each see the other under way).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SHIPPING_FEN } from '@/lib/domain/shipping';
import { getDb } from '@/lib/server/db/client';
import { refunds } from '@/lib/server/db/schema';
import { sweepAfterSales } from '@/lib/server/modules/after-sales';
import { settleRefund, sweepRefunds } from '@/lib/server/flows/refund-settled';
import {
  afterSaleRow,
  afterSalesOfOrder,
  afterSalesSuite,
  ask,
  bought,
  buyer,
  desk,
  draft,
  eventsOf,
  later,
  loginOperator,
  paymentOf,
  readOrder,
  refundDesk,
  refundsOfOrder,
  setPaidFen,
  shopper,
  smsAbout,
} from './after-sales-kit';
import { makeSku, stockOf, type Shopper, type SkuFixture } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o), { sms: true });

const codes = (rs: { body: { resultCode: number } }[]) => rs.map((r) => r.body.resultCode);
const count = (cs: number[], c: number) => cs.filter((x) => x === c).length;
const sum = (ns: number[]) => ns.reduce((n, x) => n + x, 0);

describe.skipIf(process.env.TEST_DB === 'pglite')('after-sales races (PostgreSQL)', () => {
  it('the same request sent twice at once: one request', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await buyer();
      const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 6_000 }), quantity: 2 }], 'completed');
      const d = draft(o, 'return_refund', 'seven_days', [[0, 1]]);
      const rs = await Promise.all([shopper.create(u, d), shopper.create(u, d)]);
      expect(codes(rs).sort()).toEqual([200, 409]);
      expect(rs.find((r) => r.body.resultCode === 409)!.body.message).toMatch(/已有进行中的售后申请/);
      expect(await afterSalesOfOrder(o.orderNo)).toHaveLength(1);
    }
    // Refunded at once (before shipment): the line of 1 is asked for once.
    for (let round = 0; round < 5; round++) {
      const u = await buyer();
      const sku = await makeSku({ priceFen: 6_000, stock: 10 });
      const o = await bought(u, op, [{ sku }, { sku: await makeSku({ priceFen: 6_000 }) }], 'paid');
      const d = draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]);
      const rs = await Promise.all([shopper.create(u, d), shopper.create(u, d)]);
      expect(count(codes(rs), 200)).toBe(1);
      expect(codes(rs).filter((c) => c !== 200)[0]).toBeGreaterThanOrEqual(400);
      expect((await refundsOfOrder(o.orderNo)).map((r) => r.amountFen)).toEqual([6_000]);
      expect(await stockOf(sku.skuId)).toBe(10);
    }
  });

  it("同意 against the shopper's 撤销: exactly one wins, the state matches, at most one refund", async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 5_000, stock: 50 });
    const o = await bought(u, op, [{ sku, quantity: 10 }], 'shipped');
    const outcomes = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const a = await ask(u, draft(o, 'refund_only', 'damaged', [[0, 1]]));
      const [approve, cancel] = await Promise.all([desk.approve(op, a.afterSaleNo), shopper.cancel(u, a.afterSaleNo)]);
      expect([approve.body.resultCode, cancel.body.resultCode].sort()).toEqual([200, 409]);
      const row = await afterSaleRow(a.afterSaleNo);
      const mine = (await refundsOfOrder(o.orderNo)).filter((r) => r.afterSaleId === row.id);
      if (approve.body.resultCode === 200) {
        outcomes.add('approved');
        expect(row.status).toBe('refunded');
        expect(mine.map((r) => r.amountFen)).toEqual([5_000]);
        expect(cancel.body.message).toBe('售后申请已在处理中，不能撤销');
      } else {
        outcomes.add('cancelled');
        expect(row.status).toBe('cancelled');
        expect(mine).toEqual([]);
        expect(approve.body.message).toMatch(/只有待审核的售后申请可以同意|售后申请状态已变化/);
      }
      expect((await eventsOf(a.afterSaleNo)).map((e) => e.status)).toEqual(approve.body.resultCode === 200 ? ['pending_review', 'refunding', 'refunded'] : ['pending_review', 'cancelled']);
    }
    const refunded = (await afterSalesOfOrder(o.orderNo)).filter((a) => a.status === 'refunded').length;
    const seen = await readOrder(u, o.orderNo);
    expect(seen.refundedFen).toBe(refunded * 5_000);
    expect(sum((await refundsOfOrder(o.orderNo)).map((r) => r.amountFen))).toBe(refunded * 5_000);
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });

  it('two operators approving at once, or an operator and the 48-hour clock: one approval, one refund, one SMS', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 5_000 }), quantity: 6 }], 'shipped');
    const op2 = await loginOperator();
    for (let i = 0; i < 3; i++) {
      const a = await ask(u, draft(o, 'refund_only', 'not_received', [[0, 1]]));
      const rs = await Promise.all([desk.approve(op, a.afterSaleNo), desk.approve(op2, a.afterSaleNo)]);
      expect(codes(rs).sort()).toEqual([200, 409]);
      expect(smsAbout(a.afterSaleNo).map((m) => m.template)).toEqual(['after_sale_approved', 'after_sale_refunded']);
    }
    for (let i = 0; i < 3; i++) {
      const a = await ask(u, draft(o, 'refund_only', 'not_received', [[0, 1]]));
      const [r] = await Promise.all([desk.approve(op, a.afterSaleNo), sweepAfterSales(later(49 * 3_600_000))]);
      expect([200, 409]).toContain(r.body.resultCode);
      expect((await afterSaleRow(a.afterSaleNo)).status).toBe('refunded');
      expect((await eventsOf(a.afterSaleNo)).map((e) => e.status)).toEqual(['pending_review', 'refunding', 'refunded']);
      expect(smsAbout(a.afterSaleNo).map((m) => m.template)).toEqual(['after_sale_approved', 'after_sale_refunded']);
    }
    const rows = await refundsOfOrder(o.orderNo);
    expect(rows.map((r) => r.amountFen)).toEqual(Array(6).fill(5_000));
    expect(new Set(rows.map((r) => r.afterSaleId)).size).toBe(6);
  });

  it("a refund's notification against the sweep asking again: settled once, the request 已退款 once, one SMS", async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 5_000 }), quantity: 5 }], 'paid');
    const db = await getDb();
    for (let i = 0; i < 5; i++) {
      refundDesk.mode = 'later';
      const a = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
      expect(a.status).toBe('refunding');
      const [r] = (await refundsOfOrder(o.orderNo)).filter((x) => x.status === 'processing');
      // Quiet long enough for the sweep to ask again; the provider now says it is done.
      await db.update(refunds).set({ updatedAt: sql`now() - interval '1 minute'` }).where(eq(refunds.id, r.id));
      refundDesk.mode = 'instant';
      const settled = await Promise.all([settleRefund(r.id), settleRefund(r.id), sweepRefunds(), sweepRefunds(), settleRefund(r.id)]);
      expect(settled.filter((x) => x === true).length).toBeLessThanOrEqual(1);
      const [done] = await db.select().from(refunds).where(eq(refunds.id, r.id));
      expect(done.status).toBe('succeeded');
      expect((await eventsOf(a.afterSaleNo)).filter((e) => e.status === 'refunded')).toHaveLength(1);
      expect((await afterSaleRow(a.afterSaleNo)).status).toBe('refunded');
      expect(smsAbout(a.afterSaleNo).map((m) => m.template)).toEqual(['after_sale_refunded']);
    }
    const seen = await readOrder(u, o.orderNo);
    expect(seen).toMatchObject({ status: 'refunded', refundedFen: 25_000 });
  });

  it('activating a code while its order is being refunded: one or the other, never a refund beside an activated code', async () => {
    const svc = await makeSku({ kind: 'service', priceFen: 9_000 });
    // The activation starts 0–19 ms after the request, to land somewhere inside its transaction.
    for (let round = 0; round < 20; round++) {
      const u = await buyer();
      const o = await bought(u, op, [{ sku: svc, quantity: 2 }]);
      const first = o.licenses[0].code; // the code a refund of one unit revokes (the first unused)
      const [refund, activate] = await Promise.all([
        shopper.create(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]])),
        new Promise((r) => setTimeout(r, round)).then(() => shopper.activate(u, first)),
      ]);
      expect([refund.body.resultCode, activate.body.resultCode].sort(), `${refund.body.message} / ${activate.body.message}`).toEqual([200, 409]);
      const seen = await readOrder(u, o.orderNo);
      if (refund.body.resultCode === 200) {
        expect(activate.body.message).toBe('该激活码已随退款作废');
        expect(seen.licenses.map((l) => [l.revoked, l.activatedAt !== null])).toEqual([
          [true, false],
          [false, false],
        ]);
      } else {
        expect(refund.body.message).toBe('该订单已有激活码被激活，不能再退款');
        expect(seen.refundedFen).toBe(0);
        expect(seen.licenses.every((l) => !l.revoked)).toBe(true);
      }
    }
  });

  it('20 requests at once for one unit each of a line of 5: exactly one (one open request per line)', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 3_000 }), quantity: 5 }, { sku: await makeSku({ priceFen: 3_000 }) }], 'completed');
    const rs = await Promise.all(Array.from({ length: 20 }, () => shopper.create(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]))));
    expect(count(codes(rs), 200)).toBe(1);
    expect(codes(rs).filter((c) => c !== 200)).toEqual(Array(19).fill(409));
    for (const r of rs.filter((x) => x.body.resultCode === 409)) expect(r.body.message).toMatch(/已有进行中的售后申请/);
    expect(await afterSalesOfOrder(o.orderNo)).toHaveLength(1);
    expect((await readOrder(u, o.orderNo)).lines[0].afterSaleQuantity).toBe(1);

    // Refunded at once (before shipment) while the money is still on its way: still one.
    refundDesk.mode = 'later';
    const sku = await makeSku({ priceFen: 3_000, stock: 10 });
    const p = await bought(u, op, [{ sku, quantity: 5 }, { sku: await makeSku({ priceFen: 3_000 }) }], 'paid');
    const rp = await Promise.all(Array.from({ length: 20 }, () => shopper.create(u, draft(p, 'refund_only', 'no_longer_needed', [[0, 1]]))));
    expect(count(codes(rp), 200)).toBe(1);
    expect(await stockOf(sku.skuId)).toBe(6);
    expect((await refundsOfOrder(p.orderNo)).map((r) => r.amountFen)).toEqual([3_000]);
  });

  it('20 requests at once on a line of 5 refunded as they come: never more units or money than the line', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 3_000, stock: 10 });
    const o = await bought(u, op, [{ sku, quantity: 5 }, { sku: await makeSku({ priceFen: 8_000 }) }], 'paid');
    await setPaidFen(o.lines[0].id, 14_999); // a discounted line: 2999.8 a unit
    const rs = await Promise.all(Array.from({ length: 20 }, () => shopper.create(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]))));
    const made = rs.filter((r) => r.body.resultCode === 200).length;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThanOrEqual(5);
    for (const r of rs.filter((x) => x.body.resultCode !== 200)) expect([400, 409]).toContain(r.body.resultCode);
    const seen = await readOrder(u, o.orderNo);
    expect(seen.lines[0].afterSaleQuantity).toBe(made);
    expect(await stockOf(sku.skuId)).toBe(5 + made);
    const money = sum((await refundsOfOrder(o.orderNo)).map((r) => r.amountFen));
    expect(money).toBeLessThanOrEqual(14_999);
    expect(money).toBe(made === 5 ? 14_999 : made * 2_999);
  });

  it('50 refunds of 5 orders settling at once: every order that gave all its money back ends 已退款, none stays 退款中', async () => {
    const db = await getDb();
    const skus: SkuFixture[] = [];
    for (let k = 0; k < 10; k++) skus.push(await makeSku({ priceFen: 1_000, stock: 10 }));
    const orders = [];
    for (let i = 0; i < 5; i++) {
      const u = await buyer();
      const o = await bought(u, op, skus.map((sku) => ({ sku })), 'paid');
      refundDesk.mode = 'later';
      for (let k = 0; k < 10; k++) expect((await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[k, 1]]))).status).toBe('refunding');
      refundDesk.mode = 'instant';
      expect((await readOrder(u, o.orderNo)).status).toBe('refunding');
      orders.push({ u, o });
    }
    const waiting = (await Promise.all(orders.map(({ o }) => refundsOfOrder(o.orderNo)))).flat();
    expect(waiting.filter((r) => r.status === 'processing')).toHaveLength(50);
    await Promise.all(waiting.map((r) => settleRefund(r.id)));
    for (const { u, o } of orders) expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'refunded', refundedFen: o.totalFen });
    const left = await db.select().from(refunds).where(eq(refunds.status, 'processing'));
    expect(left.filter((r) => waiting.some((w) => w.id === r.id))).toEqual([]);
  });

  it('20 requests at once on 20 lines of one order: every one made, the shipping once, the refunds exactly what was paid', async () => {
    const u = await buyer();
    const skus: SkuFixture[] = [];
    for (let i = 0; i < 20; i++) skus.push(await makeSku({ priceFen: 300, stock: 5 }));
    const o = await bought(u, op, skus.map((sku) => ({ sku })), 'shipped');
    expect(o.totalFen).toBe(6_000 + SHIPPING_FEN);
    // 物流损坏 is the shop's fault: each request would take the shipping if the others were not counted.
    const rs = await Promise.all(o.lines.map((_, i) => shopper.create(u, draft(o, 'refund_only', 'damaged', [[i, 1]]))));
    expect(codes(rs)).toEqual(Array(20).fill(200));
    const made = await afterSalesOfOrder(o.orderNo);
    expect(made.filter((a) => a.shippingFen > 0).map((a) => a.shippingFen)).toEqual([SHIPPING_FEN]);
    expect(sum(made.map((a) => a.refundFen))).toBe(o.totalFen);

    const approved = await Promise.all(rs.map((r) => desk.approve(op, r.body.data!.afterSaleNo)));
    expect(codes(approved)).toEqual(Array(20).fill(200));
    const rows = await refundsOfOrder(o.orderNo);
    expect(rows).toHaveLength(20);
    expect(sum(rows.map((r) => r.amountFen))).toBe(o.totalFen);
    expect((await paymentOf(o.orderNo)).amountFen).toBe(o.totalFen);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'refunded', refundedFen: o.totalFen, afterSale: null });
  });

  it('20 requests at once whose lines say more than was paid: the refunds never go over the payment', async () => {
    const u = await buyer();
    const skus: SkuFixture[] = [];
    for (let i = 0; i < 20; i++) skus.push(await makeSku({ priceFen: 300, stock: 5 }));
    const o = await bought(u, op, skus.map((sku) => ({ sku })), 'paid');
    for (const l of o.lines) await setPaidFen(l.id, 500); // 20 × ¥5 against ¥70 paid
    const rs = await Promise.all(o.lines.map((_, i) => shopper.create(u, draft(o, 'refund_only', 'no_longer_needed', [[i, 1]]))));
    const made = count(codes(rs), 200);
    expect(made).toBe(14); // ¥70 / ¥5
    for (const r of rs.filter((x) => x.body.resultCode !== 200)) {
      expect(r.body.resultCode).toBe(409);
      // Once the 14th brings all the money back the order is 退款中, and 已退款 as soon as that refund settles.
      expect(r.body.message).toMatch(/退款总额不能超过订单实付金额|订单当前为「(?:退款中|已退款)」，不能申请售后/);
    }
    const money = sum((await refundsOfOrder(o.orderNo)).map((r) => r.amountFen));
    expect(money).toBe(7_000);
    expect(money).toBeLessThanOrEqual((await paymentOf(o.orderNo)).amountFen);
  });
});
