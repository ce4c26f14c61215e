/**
 * After-sales as the shopper uses it (docs/api.md#after-sales): what may be asked of an order, the
 * refund before submitting, the request itself, its list and detail, withdrawing it, the waybill of
 * the return (typed, or brought by 上门取件: pickup.ts) and 确认收货 of an exchange. Every read and write is of the caller's own requests
 * (another's is 404).
 */
import 'server-only';
import { HOUR_MS } from '../../../domain/shop-time';
import { and, eq } from 'drizzle-orm';
import { AFTER_SALE_REASONS, AFTER_SALE_TYPE_LABEL, isShopFault } from '../../../domain/after-sale';
import { formatFen } from '../../../domain/money';
import { AFTER_SALE_PHOTOS_MAX, AFTER_SALE_REVIEW_HOURS } from '../../../domain/after-sale-rules';
import { ORDER_STATUS_LABEL } from '../../../domain/order-status';
import { CARRIERS } from '../../../domain/tracking';
import { AFTER_SALE_NO, afterSaleDraftSchema, createAfterSaleSchema, returnShipmentSchema } from '../../../validation/after-sale';
import { drawAgainIfTaken } from '../../db/unique';
import { getDb, withTx, type DbOrTx, type Tx } from '../../db/client';
import { afterSaleEvents, afterSaleItems, afterSales } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { iso } from '../../iso';
import { log } from '../../log';
import { moveAfterSale } from './states';
import { checkRequest, lineBlock, loadOrderState, optionsAt, stageOf, type LineBlock, type OrderState } from './eligibility';
import { approve, newAfterSaleNo } from './flow';
import { findOwnOrder, lockOrder } from '../order';
import { noReviewPhoto } from '../reviews';
import { takeForAfterSale } from '../uploads';
import { refuseWhilePickupBooked, sendBack } from './send-back';
import { priceRequest } from './pricing';

/** The shopper's own request by its number (another's is 404). */
export async function ownAfterSale(db: DbOrTx, userId: number, afterSaleNo: string) {
  if (!AFTER_SALE_NO.test(afterSaleNo)) throw notFound('售后申请不存在');
  const [a] = await db.select().from(afterSales).where(and(eq(afterSales.afterSaleNo, afterSaleNo), eq(afterSales.userId, userId)));
  if (!a) throw notFound('售后申请不存在');
  return a;
}

// ------------------------------------------------------------------ what may be asked

export type AfterSaleOptions = {
  orderNo: string;
  orderStatus: string;
  orderStatusLabel: string;
  shippingFen: number;
  lines: {
    orderItemId: number;
    productName: string;
    skuName: string;
    image: string;
    priceFen: number;
    quantity: number;
    /** Units still free to ask for. */
    available: number;
    stage: string | null;
    openAfterSaleNo: string | null;
    /** Why no unit may be asked for now and when one may (null when some may): see lineBlock. */
    blocked: LineBlock | null;
  }[];
  /** The types and reasons open now, for each stage that a line of this order is at. */
  stages: Record<string, { type: string; label: string; reasons: { reason: string; label: string; fault: string; until: string | null }[] }[]>;
  carriers: readonly string[];
  photosMax: number;
};

function optionsOf(s: OrderState): AfterSaleOptions {
  const { o } = s;
  const stages: AfterSaleOptions['stages'] = {};
  const lines = s.lines.map((l) => {
    const stage = stageOf(o, l.kind);
    if (stage && !(stage in stages)) {
      const open = stage === 'service' && s.service.refusal ? [] : optionsAt(o, stage);
      stages[stage] = open.map((t) => ({ ...t, reasons: t.reasons.map((r) => ({ ...r, until: iso(r.until) })) }));
    }
    const blocked = lineBlock(s, l);
    return {
      orderItemId: l.id,
      productName: l.productName,
      skuName: l.skuName,
      image: l.image,
      priceFen: l.priceFen,
      quantity: l.quantity,
      available: blocked ? 0 : l.quantity - l.countedQty,
      stage,
      openAfterSaleNo: l.openAfterSaleNo,
      blocked,
    };
  });
  return { orderNo: o.orderNo, orderStatus: o.status, orderStatusLabel: ORDER_STATUS_LABEL[o.status], shippingFen: o.shippingFen, lines, stages, carriers: CARRIERS, photosMax: AFTER_SALE_PHOTOS_MAX };
}

/** GET /orders/{orderNo}/aftersale: the lines, what is left of each, and the types and reasons open now. */
export async function afterSaleOptions(userId: number, orderNo: string): Promise<AfterSaleOptions> {
  const db = await getDb();
  return optionsOf(await loadOrderState(db, await findOwnOrder(db, userId, orderNo)));
}

/** Whether anything of the order may be asked for now (the order's 申请售后 button). */
export function canAskAfterSale(s: OrderState): boolean {
  return optionsOf(s).lines.some((l) => l.available > 0);
}

/** POST /aftersales/preview: the refund the request would give, or the rule it breaks (the form shows either). */
export async function previewAfterSale(userId: number, input: unknown) {
  const v = afterSaleDraftSchema.parse(input);
  const db = await getDb();
  const s = await loadOrderState(db, await findOwnOrder(db, userId, v.orderNo));
  checkRequest(s, v);
  return priceRequest({ shippingFen: s.o.shippingFen, shippingCounted: s.shippingCounted }, s.lines, v.items, v.type, v.reason);
}

// ------------------------------------------------------------------ the request

/**
 * POST /aftersales. In one transaction with the order row locked (so 20 requests racing for one line
 * are decided one by one): the rules, the amounts, the request, its lines and first timeline row,
 * the photos taken (the caller's own, not used by another request or a review). 仅退款 of what has not shipped
 * and of unused activation codes is approved at once: stock or codes come back and the refund starts.
 */
export async function createAfterSale(userId: number, input: unknown): Promise<string> {
  const v = createAfterSaleSchema.parse(input);
  const db = await getDb();
  const order = await findOwnOrder(db, userId, v.orderNo);
  // Request numbers are random within their second: one drawn twice makes the transaction try again.
  const no = await drawAgainIfTaken('after_sales_after_sale_no_unique', () => withTx(async (tx) => makeRequest(tx, userId, order.id, v)));
  log.info({ afterSaleNo: no, orderNo: v.orderNo, type: v.type }, 'after-sales request');
  return no;
}

type RequestInput = ReturnType<typeof createAfterSaleSchema.parse>;

/**
 * One request, in the caller's transaction: the order locked, the rules, the rows, an immediate approval; its number.
 * `operator`: the operator made it for the shopper (with their reason), as the console's 退还自动续费 does.
 */
async function makeRequest(tx: Tx, userId: number, orderId: number, v: RequestInput, operator?: { reason: string }): Promise<string> {
  const s = await loadOrderState(tx, await lockOrder(tx, orderId));
  const stage = checkRequest(s, v);
  const priced = priceRequest({ shippingFen: s.o.shippingFen, shippingCounted: s.shippingCounted }, s.lines, v.items, v.type, v.reason);
  if (s.countedFen + priced.refundFen > s.o.totalFen) throw conflict('退款总额不能超过订单实付金额');
  const immediate = v.type === 'refund_only' && (stage === 'unshipped' || stage === 'service');
  const [a] = await tx
    .insert(afterSales)
    .values({
      afterSaleNo: newAfterSaleNo(),
      orderId: s.o.id,
      userId,
      type: v.type,
      reason: v.reason,
      description: v.description,
      refundFen: priced.refundFen,
      shippingFen: priced.shippingFen,
      dueAt: immediate ? null : new Date(Date.now() + AFTER_SALE_REVIEW_HOURS * HOUR_MS),
    })
    .returning();
  await tx.insert(afterSaleItems).values(priced.items.map((i) => ({ afterSaleId: a.id, ...i })));
  await tx.insert(afterSaleEvents).values({
    afterSaleId: a.id,
    status: 'pending_review',
    actor: operator ? 'operator' : 'shopper',
    note: operator ? `商家为用户办理${AFTER_SALE_TYPE_LABEL[v.type]}，原因：${operator.reason}` : `提交${AFTER_SALE_TYPE_LABEL[v.type]}申请，原因：${AFTER_SALE_REASONS[v.reason].label}`,
  });
  if (v.imageIds.length) {
    const ids = [...new Set(v.imageIds)];
    const taken = await takeForAfterSale(tx, userId, a.id, ids, noReviewPhoto);
    if (taken.length !== ids.length) throw badRequest('图片已失效，请重新上传');
  }
  if (immediate) await approve(tx, a, 'timer', stage);
  return a.afterSaleNo;
}

/**
 * 取消订单 of a paid order not yet shipped: 仅退款 of every line, approved at once. Codes and goods are
 * separate requests (their rules differ), made in one transaction so the order is either wholly
 * refunded or left as it was: the codes first, so the goods' request is the one bringing the whole
 * order back (with its shipping). 409 once anything of the order is in after-sales, or a code is activated.
 */
/** `why`: the shopper's cancel reason, kept as the request's description. */
export async function refundUnshippedOrder(userId: number, orderNo: string, why = ''): Promise<void> {
  const db = await getDb();
  const order = await findOwnOrder(db, userId, orderNo);
  const made = await withTx(async (tx) => {
    const s = await loadOrderState(tx, await lockOrder(tx, order.id));
    if (s.o.status !== 'paid') throw conflict('当前订单状态不能取消');
    if (s.lines.some((l) => l.countedQty > 0)) throw conflict('订单已有售后记录或状态已变化，请在「申请售后」中处理');
    const byStage = (service: boolean) => s.lines.filter((l) => (l.kind === 'service') === service).map((l) => ({ orderItemId: l.id, quantity: l.quantity }));
    const nos: string[] = [];
    for (const items of [byStage(true), byStage(false)].filter((x) => x.length)) {
      const v: RequestInput = { orderNo, type: 'refund_only', reason: 'no_longer_needed', items, description: why, imageIds: [] };
      nos.push(await makeRequest(tx, userId, order.id, v));
    }
    return nos;
  });
  log.info({ orderNo, afterSaleNos: made }, 'paid order cancelled: refunded');
}


/**
 * The operator gives a paid service order's money back for the shopper: 仅退款 of every line, by the same
 * rules and path as the shopper's own request (window, what it takes back, the refund, the invoice), in the
 * caller's transaction (which the caller draws again on a taken request number: drawAgainIfTaken); the request's number.
 */
export async function refundServiceOrderForShopper(tx: Tx, orderId: number, reason: string): Promise<string> {
  const s = await loadOrderState(tx, await lockOrder(tx, orderId));
  const items = s.lines.filter((l) => l.kind === 'service').map((l) => ({ orderItemId: l.id, quantity: l.quantity }));
  if (!items.length) throw conflict('该订单没有服务商品');
  const v: RequestInput = { orderNo: s.o.orderNo, type: 'refund_only', reason: 'no_longer_needed', items, description: reason, imageIds: [] };
  return makeRequest(tx, s.o.userId, orderId, v, { reason });
}

/** 撤销申请: before the goods are sent back (待审核, 待寄回). */
export async function cancelAfterSale(userId: number, afterSaleNo: string): Promise<void> {
  const db = await getDb();
  const a = await ownAfterSale(db, userId, afterSaleNo);
  const moved = await withTx(async (tx) => {
    await lockOrder(tx, a.orderId);
    return moveAfterSale(tx, a.id, ['pending_review', 'awaiting_return'], 'cancelled', 'shopper', '您已撤销售后申请');
  });
  if (!moved) throw conflict('售后申请已在处理中，不能撤销');
}

/**
 * 填写退货物流: 待寄回 → 退货中 with the carrier and waybill, and for a shop-fault return the shipping
 * the shopper paid (docs/after-sales.md#return-shipping); a 七天无理由 return states none (400).
 */
export async function sendReturnShipment(userId: number, afterSaleNo: string, input: unknown): Promise<void> {
  const v = returnShipmentSchema.parse(input);
  const db = await getDb();
  const a = await ownAfterSale(db, userId, afterSaleNo);
  const fee = v.shippingFee ?? null;
  if (fee !== null && !isShopFault(a.reason)) throw badRequest(`「${AFTER_SALE_REASONS[a.reason].label}」的寄回运费由您承担，不能填写运费`);
  const paid = fee !== null ? `，垫付运费 ${formatFen(fee)}` : '';
  const moved = await withTx(async (tx) => {
    await refuseWhilePickupBooked(tx, a.id);
    return sendBack(tx, a, { carrier: v.carrier, trackingNo: v.trackingNo, feeFen: fee, note: `您已寄回商品：${v.carrier}，运单号 ${v.trackingNo}${paid}` });
  });
  if (!moved) throw conflict('当前售后状态不能填写退货物流');
}

/** 确认收货 of an exchange's new goods: 换新已发出 → 已完成. */
export async function confirmExchange(userId: number, afterSaleNo: string): Promise<void> {
  const db = await getDb();
  const a = await ownAfterSale(db, userId, afterSaleNo);
  const moved = await moveAfterSale(db, a.id, 'reshipped', 'completed', 'shopper', '您已确认收到换新商品，售后完成');
  if (!moved) throw conflict('当前售后状态不能确认收货');
}
