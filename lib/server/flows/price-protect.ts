/**
 * 价保: a shopper's claim of an order line's price drop, previewed, made alone or by 一键价保, refunded to the payment.
 *
 * 价保 (docs/rules.md#价保): the rule (lib/domain/price-protect.ts) is fed what each owner says of the
 * line — the order and its line (order), its after-sales requests (after-sales), the product's window
 * and the option's prices since payment (catalog), earlier claims (price-protect) — and a claim is
 * decided with the order row locked: the refund of the difference recorded against the order's payment
 * (sent after the commit, as every refund), the claim beside it under its once-guard, the invoice
 * following the refund as an after-sales refund's does.
 */
import 'server-only';
import { judgeClaim, PRICE_PROTECT_ALL_MAX, PRICE_PROTECT_DAYS_MAX, type ClaimJudgement, type PriceProtectSource } from '../../domain/price-protect';
import { PAY_METHOD_LABEL } from '../../domain/payment-channels';
import { DAY_MS } from '../../domain/shop-time';
import { priceProtectLineSchema } from '../../validation/price-protect';
import { getDb, withTx, type DbOrTx } from '../db/client';
import { AppError, conflict, notFound } from '../errors';
import { RESULT } from '../../api/protocol';
import { iso } from '../iso';
import { log } from '../log';
import { loadOrderState } from '../modules/after-sales';
import { pricesSince, protectDaysOf } from '../modules/catalog';
import { followRefundOnInvoice } from '../modules/invoice';
import { findOwnOrder, keptOrdersPaidSince, lockOrder, orderItemsOf, type OrderItemRow, type OrderRow } from '../modules/order';
import { orderPayment, refundedFen } from '../modules/payment';
import { claimedByLine, recordClaim } from '../modules/price-protect';
import { claimStatus } from '../views/price-protect';

/** One line as 价保 sees it now: what it would get, or why not. */
export type ProtectLine = {
  orderNo: string;
  orderItemId: number;
  productId: number;
  productName: string;
  skuName: string;
  image: string;
  quantity: number;
  /** What one unit was paid, after its share of the coupon. */
  paidUnitFen: number;
  /** The lowest price since payment, when it is below what was paid. */
  lowPriceFen: number | null;
  /** What a claim now refunds (0 when it may not be claimed). */
  amountFen: number;
  eligible: boolean;
  /** Why not, in Chinese; null when eligible. */
  reason: string | null;
  /** When the line's window closes; null when the product has none. */
  until: string | null;
  /** Where the money goes back: 微信支付 / 支付宝. */
  channel: string | null;
};

/** A claim made: its amount, and whether the provider has already given it back. */
export type ClaimResult = {
  orderNo: string;
  orderItemId: number;
  productName: string;
  amountFen: number;
  status: 'refunding' | 'refunded' | 'failed';
  channel: string;
};

type Judged = { line: OrderItemRow; j: ClaimJudgement };

/** Every line of the order judged now, from what each owner says of it. */
async function judgeOrder(db: DbOrTx, o: OrderRow, now: Date): Promise<Judged[]> {
  const items = await orderItemsOf(db, o.id);
  const state = await loadOrderState(db, o);
  const products = await protectDaysOf(db, items.map((i) => i.productId));
  const prices = o.paidAt ? await pricesSince(db, items.map((i) => i.skuId), o.paidAt) : new Map();
  const claimed = await claimedByLine(db, items.map((i) => i.id));
  return items.map((line) => {
    const s = state.lines.find((l) => l.id === line.id)!;
    const product = products.get(line.productId);
    const j = judgeClaim(
      {
        orderStatus: o.status,
        paidAt: o.paidAt,
        kind: product?.kind ?? line.kind,
        days: product?.days ?? 0,
        quantity: line.quantity,
        // The line's own paid amount: the after-sales view of it already has 价保 taken off.
        paidFen: line.paidFen,
        countedRefundQty: s.countedRefundQty,
        afterSaleOpen: Boolean(s.openAfterSaleNo),
        claimedFen: claimed.get(line.id) ?? 0,
        history: prices.get(line.skuId) ?? [],
      },
      now,
    );
    return { line, j };
  });
}

async function channelOf(db: DbOrTx, orderId: number): Promise<string | null> {
  const p = await orderPayment(db, orderId);
  return p ? PAY_METHOD_LABEL[p.channel] : null;
}

function toLine(o: OrderRow, { line, j }: Judged, channel: string | null): ProtectLine {
  return {
    orderNo: o.orderNo,
    orderItemId: line.id,
    productId: line.productId,
    productName: line.productName,
    skuName: line.skuName,
    image: line.image,
    quantity: line.quantity,
    paidUnitFen: j.ok ? j.paidUnitFen : Math.floor(line.paidFen / line.quantity),
    lowPriceFen: j.ok ? j.low.priceFen : null,
    amountFen: j.ok ? j.amountFen : 0,
    eligible: j.ok,
    reason: j.ok ? null : j.reason,
    until: j.until ? iso(j.until) : null,
    channel,
  };
}

/** 申请价保's dialog: what a claim of this line refunds now, or why it may not be claimed. Another shopper's order is 404. */
export async function previewPriceProtect(userId: number, query: unknown): Promise<ProtectLine> {
  const q = priceProtectLineSchema.parse(query);
  const db = await getDb();
  const o = await findOwnOrder(db, userId, q.orderNo);
  const judged = (await judgeOrder(db, o, new Date())).find((x) => x.line.id === q.orderItemId);
  if (!judged) throw notFound('订单中没有该商品');
  return toLine(o, judged, await channelOf(db, o.id));
}

/** One claim in its own transaction, the order row locked first; 409 with the rule's reason when it may not be made. */
async function claimLine(userId: number, orderNo: string, orderItemId: number, source: PriceProtectSource): Promise<ClaimResult> {
  const made = await withTx(async (tx) => {
    const own = await findOwnOrder(tx, userId, orderNo);
    // Claims of one order are decided one at a time (two at once would each miss the other's refund).
    const o = await lockOrder(tx, own.id);
    const judged = (await judgeOrder(tx, o, new Date())).find((x) => x.line.id === orderItemId);
    if (!judged) throw notFound('订单中没有该商品');
    const { line, j } = judged;
    if (!j.ok) throw conflict(j.reason);
    const p = await orderPayment(tx, o.id);
    if (!p) throw conflict('该订单没有可退款的支付记录');
    const claim = await recordClaim(tx, p.id, {
      userId,
      orderId: o.id,
      orderNo: o.orderNo,
      orderItemId: line.id,
      skuId: line.skuId,
      priceHistoryId: j.low.id,
      lowPriceFen: j.low.priceFen,
      paidUnitFen: j.paidUnitFen,
      quantity: j.quantity,
      amountFen: j.amountFen,
      source,
    });
    // The invoice follows a part of the order's money given back as it follows an after-sales refund
    // (an issued one is marked for 红冲 and issued again for the rest: docs/after-sales.md#价保).
    await followRefundOnInvoice(tx, o.id, Math.max(p.amountFen - (await refundedFen(tx, o.id)), 0));
    return { claimId: claim.id, refundId: claim.refundId, orderNo: o.orderNo, orderItemId: line.id, productName: line.productName, amountFen: claim.amountFen, channel: PAY_METHOD_LABEL[p.channel] };
  });
  log.info({ orderNo, orderItemId, amountFen: made.amountFen, source }, 'price protection claimed');
  // The refund was sent after the commit; an answer at once (Alipay's) has settled it already.
  const status = await claimStatus(await getDb(), made.claimId);
  return { orderNo: made.orderNo, orderItemId: made.orderItemId, productName: made.productName, amountFen: made.amountFen, channel: made.channel, status };
}

/** 申请价保 of one line (订单详情, 我的价保). */
export function claimPriceProtect(userId: number, body: unknown): Promise<ClaimResult> {
  const v = priceProtectLineSchema.parse(body);
  return claimLine(userId, v.orderNo, v.orderItemId, 'line');
}

/** The shopper's lines within a 价保 window now (kept orders paid in the longest window), each judged; newest payment first. */
export async function protectableLines(userId: number, now = new Date()): Promise<ProtectLine[]> {
  const db = await getDb();
  const orders = await keptOrdersPaidSince(db, userId, new Date(now.getTime() - PRICE_PROTECT_DAYS_MAX * DAY_MS));
  const out: ProtectLine[] = [];
  for (const o of orders) {
    const judged = await judgeOrder(db, o, now);
    const channel = await channelOf(db, o.id);
    // Lines the window does not cover (no 价保, or closed) are not the page's to list.
    for (const x of judged) if (x.j.ok || (x.j.until && x.j.code !== 'expired')) out.push(toLine(o, x, channel));
  }
  return out;
}

/** 一键价保's answer: the claims made and their sum, and how many lines in a window had nothing to give back. */
export type ClaimAllResult = { claims: ClaimResult[]; totalFen: number; checked: number };

/**
 * 一键价保: every eligible line of the shopper's orders claimed, each in its own transaction (one line
 * refused meanwhile — claimed from another tab — is passed over, never the whole run).
 */
export async function claimAllPriceProtect(userId: number): Promise<ClaimAllResult> {
  const lines = await protectableLines(userId);
  const claims: ClaimResult[] = [];
  for (const l of lines.filter((x) => x.eligible).slice(0, PRICE_PROTECT_ALL_MAX)) {
    try {
      claims.push(await claimLine(userId, l.orderNo, l.orderItemId, 'all'));
    } catch (err) {
      if (!(err instanceof AppError && err.code === RESULT.CONFLICT)) throw err;
    }
  }
  return { claims, totalFen: claims.reduce((n, c) => n + c.amountFen, 0), checked: lines.length };
}
