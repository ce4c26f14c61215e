/**
 * Who may ask for what, and until when (docs/after-sales.md#rules): the stage of each order line
 * (not shipped, on its way, received, or an activation code), the types and reasons the rules give
 * that stage, their windows, and the units of each line still free to ask for.
 */
import 'server-only';
import { DAY_MS } from '../../../domain/shop-time';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  AFTER_SALE_REASONS,
  AFTER_SALE_RULES,
  AFTER_SALE_STATUS_LABEL,
  AFTER_SALE_TYPE_LABEL,
  AFTER_SALE_TYPES,
  COUNTED_AFTER_SALE_STATUSES,
  OPEN_AFTER_SALE_STATUSES,
  type AfterSaleReason,
  type AfterSaleStage,
  type AfterSaleStatus,
  type AfterSaleType,
} from '../../../domain/after-sale';
import { ORDER_STATUS_LABEL } from '../../../domain/order-status';
import type { ProductKind } from '../../../domain/product-kind';
import type { DbOrTx } from '../../db/client';
import { afterSaleItems, afterSales } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { orderById, type OrderItemRow as ItemRow, orderItemsOf, type OrderRow } from '../order';
import { protectedFenOfOrder } from '../price-protect';
import { serviceRefundRule, type ServiceRefundRule } from '../subscription';
import type { LineState } from './pricing';


/** A request that counts against a line (open or finished), oldest first: what the order's line shows and links to. */
type LineRequest = { afterSaleNo: string; type: AfterSaleType; status: AfterSaleStatus; quantity: number };
type Line = ItemRow & LineState & { openAfterSaleNo: string | null; requests: LineRequest[] };
/** `service`: whether the order's services may still be refunded, and whether only whole (docs/subscriptions.md#refunds-of-renewals). */
/** `protectedFen`: what 价保 gave back on the order's lines (docs/after-sales.md#价保). */
export type OrderState = { o: OrderRow; lines: Line[]; shippingCounted: boolean; countedFen: number; service: ServiceRefundRule; protectedFen: number };


const isOpenAfterSale = (status: AfterSaleStatus) => (OPEN_AFTER_SALE_STATUSES as readonly AfterSaleStatus[]).includes(status);

/** The order's lines with what earlier requests count against each (open or finished; rejected and withdrawn ones free their units). */
export async function loadOrderState(db: DbOrTx, o: OrderRow): Promise<OrderState> {
  // One query after another, not Promise.all: in a transaction they share one connection, and pg
  // deprecates queries sent to a client still busy with another (they fail in pg 9).
  const items = await orderItemsOf(db, o.id);
  const counted = await db
    .select({
      id: afterSaleItems.orderItemId,
      qty: sql<number>`sum(${afterSaleItems.quantity})::int`,
      refundQty: sql<number>`(sum(${afterSaleItems.quantity}) filter (where ${afterSales.type} <> 'exchange'))::int`,
      fen: sql<number>`sum(${afterSaleItems.refundFen})::int`,
    })
    .from(afterSaleItems)
    .innerJoin(afterSales, eq(afterSales.id, afterSaleItems.afterSaleId))
    .where(and(eq(afterSales.orderId, o.id), inArray(afterSales.status, COUNTED_AFTER_SALE_STATUSES)))
    .groupBy(afterSaleItems.orderItemId);
  const requests = await db
    .select({ id: afterSaleItems.orderItemId, afterSaleNo: afterSales.afterSaleNo, type: afterSales.type, status: afterSales.status, quantity: afterSaleItems.quantity })
    .from(afterSaleItems)
    .innerJoin(afterSales, eq(afterSales.id, afterSaleItems.afterSaleId))
    .where(and(eq(afterSales.orderId, o.id), inArray(afterSales.status, COUNTED_AFTER_SALE_STATUSES)))
    .orderBy(asc(afterSales.id));
  // Only an order with services has codes or a subscription's change to ask about.
  const service = items.some((i) => i.kind === 'service') ? await serviceRefundRule(db, o.id) : NO_SERVICE;
  const [sums] = await db
    .select({ shipping: sql<number>`coalesce(sum(${afterSales.shippingFen}), 0)::int`, refund: sql<number>`coalesce(sum(${afterSales.refundFen}), 0)::int` })
    .from(afterSales)
    .where(and(eq(afterSales.orderId, o.id), inArray(afterSales.status, COUNTED_AFTER_SALE_STATUSES)));
  const protectedFen = await protectedFenOfOrder(db, o.id);
  return orderState(o, items, counted, requests, service, sums, protectedFen);
}

type Counted = { id: number; qty: number; refundQty: number; fen: number };

const NO_SERVICE: ServiceRefundRule = { refusal: null, whole: false };

/** The state of an order just placed: no request counts against it and nothing is activated (nothing to read). */
export const newOrderState = (o: OrderRow, items: ItemRow[]): OrderState => orderState(o, items, [], [], NO_SERVICE, { shipping: 0, refund: 0 }, new Map());

function orderState(
  o: OrderRow,
  items: ItemRow[],
  counted: Counted[],
  requests: (LineRequest & { id: number })[],
  service: ServiceRefundRule,
  sums: { shipping: number; refund: number },
  protectedFen: Map<number, number>,
): OrderState {
  const lines = items.map((i) => {
    const c = counted.find((x) => x.id === i.id);
    return {
      ...i,
      // What 价保 gave back for the line is no longer the shopper's to get back (docs/after-sales.md#价保).
      paidFen: i.paidFen - (protectedFen.get(i.id) ?? 0),
      countedQty: c?.qty ?? 0,
      countedRefundQty: c?.refundQty ?? 0,
      countedRefundFen: c?.fen ?? 0,
      openAfterSaleNo: requests.find((x) => x.id === i.id && isOpenAfterSale(x.status))?.afterSaleNo ?? null,
      requests: requests.filter((x) => x.id === i.id).map(({ id: _id, ...r }) => r),
    };
  });
  const protectedTotal = [...protectedFen.values()].reduce((n, f) => n + f, 0);
  return { o, lines, shippingCounted: sums.shipping > 0, countedFen: sums.refund, service, protectedFen: protectedTotal };
}

/**
 * Whether the shopper keeps nothing of the order: no request brought goods back for money (the order
 * was cancelled and refunded as a whole), or every unit of every line is in one. A line the coupon
 * made free and the shopper kept is something kept, though no money is left to refund.
 */
export async function nothingKept(db: DbOrTx, orderId: number): Promise<boolean> {
  const o = await orderById(db, orderId);
  const { lines } = await loadOrderState(db, o);
  return lines.every((l) => l.countedRefundQty === 0) || lines.every((l) => l.countedRefundQty >= l.quantity);
}

/** The stage a line of this kind is at in this order, or null when after-sales is not open (unpaid, cancelled, refunded). */
export function stageOf(o: OrderRow, kind: ProductKind): AfterSaleStage | null {
  if (!['paid', 'shipped', 'completed'].includes(o.status)) return null;
  if (kind === 'service') return 'service';
  return o.status === 'paid' ? 'unshipped' : o.status === 'shipped' ? 'in_transit' : 'received';
}

/** When the window of `days` closes for this stage: from receipt, or from payment for activation codes; null when there is none. */
function closesAt(o: OrderRow, stage: AfterSaleStage, days: number | null): Date | null {
  if (days === null) return null;
  const from = stage === 'service' ? o.paidAt : stage === 'received' ? o.completedAt : null;
  return from ? new Date(from.getTime() + days * DAY_MS) : null;
}

type ReasonOption = { reason: AfterSaleReason; label: string; fault: 'shop' | 'shopper'; until: Date | null };
export type TypeOption = { type: AfterSaleType; label: string; reasons: ReasonOption[] };

/** The types and reasons open now at a stage (windows not yet closed). */
export function optionsAt(o: OrderRow, stage: AfterSaleStage, now = new Date()): TypeOption[] {
  return AFTER_SALE_TYPES.flatMap((type) => {
    const rules = AFTER_SALE_RULES[type][stage];
    if (!rules) return [];
    const reasons = (Object.entries(rules) as [AfterSaleReason, number | null][])
      .map(([reason, days]) => ({ reason, label: AFTER_SALE_REASONS[reason].label, fault: AFTER_SALE_REASONS[reason].fault, until: closesAt(o, stage, days) }))
      .filter((r) => !r.until || r.until > now);
    return reasons.length ? [{ type, label: AFTER_SALE_TYPE_LABEL[type], reasons }] : [];
  });
}

/**
 * Why no unit of a line may be asked for now, and when it may be, or null when some may
 * (docs/api.md#after-sales, `blocked`). `quantity` is the units the reason is about: those in the open
 * request, else the line's. The one source of the line's rule: the form and the order's 申请售后 read it.
 */
export type LineBlock = {
  code: 'unpaid' | 'closed' | 'in_after_sale' | 'refunded' | 'all_asked' | 'activated' | 'expired';
  label: string;
  quantity: number;
  afterSaleNo: string | null;
};

/** The longest window of a stage ("签收后 15 天"), or null when some type there has none (never closes). */
function longestWindow(stage: AfterSaleStage): number | null {
  const days = AFTER_SALE_TYPES.flatMap((t) => Object.values(AFTER_SALE_RULES[t][stage] ?? {}));
  return days.length && days.every((d) => d !== null) ? Math.max(...(days as number[])) : null;
}

export function lineBlock(s: OrderState, line: Line, now = new Date()): LineBlock | null {
  const { o } = s;
  const block = (code: LineBlock['code'], label: string, quantity = line.quantity, afterSaleNo: string | null = null): LineBlock => ({ code, label, quantity, afterSaleNo });
  if (o.status === 'pending_payment') return block('unpaid', '订单付款后可申请售后');
  const stage = stageOf(o, line.kind);
  if (!stage) return block('closed', `订单${ORDER_STATUS_LABEL[o.status]}，不能申请售后`);
  const open = line.requests.find((r) => isOpenAfterSale(r.status));
  if (open) return block('in_after_sale', `正在售后中（售后单 ${open.afterSaleNo}，${AFTER_SALE_STATUS_LABEL[open.status]}），处理完成后可再申请`, open.quantity, open.afterSaleNo);
  if (line.countedQty >= line.quantity) {
    const last = line.requests.at(-1)?.afterSaleNo ?? null;
    return line.countedRefundQty >= line.quantity ? block('refunded', '已全部退款', line.quantity, last) : block('all_asked', '已全部申请过售后', line.quantity, last);
  }
  const left = line.quantity - line.countedQty;
  if (stage === 'service' && s.service.refusal) return block('activated', s.service.refusal, left);
  if (!optionsAt(o, stage, now).length) {
    const days = longestWindow(stage);
    return block('expired', days ? `已超过售后期限（${stage === 'service' ? '付款' : '签收'}后 ${days} 天）` : '已超过售后期限', left);
  }
  return null;
}

/**
 * Checks a request against every rule, with a Chinese message naming the rule it breaks:
 * 409 for what the order's state or a window refuses, 400 for what the request itself gets wrong.
 */
export function checkRequest(
  s: OrderState,
  draft: { type: AfterSaleType; reason: AfterSaleReason; items: { orderItemId: number; quantity: number }[] },
  now = new Date(),
): AfterSaleStage {
  const { o } = s;
  if (!['paid', 'shipped', 'completed'].includes(o.status)) throw conflict(`订单当前为「${ORDER_STATUS_LABEL[o.status]}」，不能申请售后`);
  const seen = new Set<number>();
  const stages = new Set<AfterSaleStage>();
  for (const i of draft.items) {
    const line = s.lines.find((l) => l.id === i.orderItemId);
    if (!line) throw badRequest('所选商品不在该订单中');
    if (seen.has(line.id)) throw badRequest(`「${line.productName}」重复选择了`);
    seen.add(line.id);
    if (line.openAfterSaleNo) throw conflict(`「${line.productName}」已有进行中的售后申请（${line.openAfterSaleNo}），请等它处理完`);
    const free = line.quantity - line.countedQty;
    if (i.quantity > free) throw badRequest(free > 0 ? `「${line.productName}」最多还能申请 ${free} 件` : `「${line.productName}」已全部申请过售后`);
    if (line.kind === 'service' && s.service.whole && i.quantity < line.quantity) throw badRequest('续费、升级订单只能整单退款');
    stages.add(stageOf(o, line.kind)!);
  }
  if (stages.size > 1) throw badRequest('服务激活码与实物商品请分开申请售后');
  const stage = [...stages][0];
  const typeLabel = AFTER_SALE_TYPE_LABEL[draft.type];
  const rules = AFTER_SALE_RULES[draft.type][stage];
  if (!rules) {
    throw conflict(
      stage === 'unshipped'
        ? `订单尚未发货，只能申请仅退款，不能申请${typeLabel}`
        : stage === 'service'
          ? `服务激活码只能申请仅退款，不能申请${typeLabel}`
          : `当前不能申请${typeLabel}`,
    );
  }
  if (!(draft.reason in rules)) throw badRequest(`「${AFTER_SALE_REASONS[draft.reason].label}」不能用于${stage === 'unshipped' ? '未发货订单的' : ''}${typeLabel}申请`);
  const until = closesAt(o, stage, rules[draft.reason] ?? null);
  if (until && until <= now) {
    const days = rules[draft.reason];
    throw conflict(stage === 'service' ? `服务激活码需在付款后 ${days} 天内申请退款，已超过期限` : `${AFTER_SALE_REASONS[draft.reason].label}需在签收后 ${days} 天内申请${typeLabel}，已超过期限`);
  }
  if (stage === 'service' && s.service.refusal) throw conflict(s.service.refusal);
  return stage;
}
