/**
 * Who may ask for what, and until when (docs/after-sales.md#rules): the stage of each order line
 * (not shipped, on its way, received, or an activation code), the types and reasons the rules give
 * that stage, their windows, and the units of each line still free to ask for.
 */
import 'server-only';
import { DAY_MS } from '../../../shop-time';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  AFTER_SALE_REASONS,
  AFTER_SALE_RULES,
  AFTER_SALE_TYPE_LABEL,
  AFTER_SALE_TYPES,
  COUNTED_AFTER_SALE_STATUSES,
  OPEN_AFTER_SALE_STATUSES,
  type AfterSaleReason,
  type AfterSaleStage,
  type AfterSaleType,
} from '../../../after-sale';
import { ORDER_STATUS_LABEL } from '../../../order-status';
import type { ProductKind } from '../../../product-kind';
import type { DbOrTx } from '../../db/client';
import { afterSaleItems, afterSales, licenses, orderItems, orders } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { LineState } from './pricing';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

type Line = ItemRow & LineState & { openAfterSaleNo: string | null };
export type OrderState = { o: OrderRow; lines: Line[]; shippingCounted: boolean; countedFen: number; activated: boolean };


/** The order's lines with what earlier requests count against each (open or finished; rejected and withdrawn ones free their units). */
export async function loadOrderState(db: DbOrTx, o: OrderRow): Promise<OrderState> {
  // One query after another, not Promise.all: in a transaction they share one connection, and pg
  // deprecates queries sent to a client still busy with another (they fail in pg 9).
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id));
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
  const open = await db
    .select({ id: afterSaleItems.orderItemId, no: afterSales.afterSaleNo })
    .from(afterSaleItems)
    .innerJoin(afterSales, eq(afterSales.id, afterSaleItems.afterSaleId))
    .where(and(eq(afterSales.orderId, o.id), inArray(afterSales.status, OPEN_AFTER_SALE_STATUSES)));
  const [act] = await db.select({ n: sql<number>`count(*)::int` }).from(licenses).where(and(eq(licenses.orderId, o.id), isNotNull(licenses.activatedAt)));
  const [sums] = await db
    .select({ shipping: sql<number>`coalesce(sum(${afterSales.shippingFen}), 0)::int`, refund: sql<number>`coalesce(sum(${afterSales.refundFen}), 0)::int` })
    .from(afterSales)
    .where(and(eq(afterSales.orderId, o.id), inArray(afterSales.status, COUNTED_AFTER_SALE_STATUSES)));
  const lines = items.map((i) => {
    const c = counted.find((x) => x.id === i.id);
    return {
      ...i,
      countedQty: c?.qty ?? 0,
      countedRefundQty: c?.refundQty ?? 0,
      countedRefundFen: c?.fen ?? 0,
      openAfterSaleNo: open.find((x) => x.id === i.id)?.no ?? null,
    };
  });
  return { o, lines, shippingCounted: sums.shipping > 0, countedFen: sums.refund, activated: act.n > 0 };
}

/**
 * Whether the shopper keeps nothing of the order: no request brought goods back for money (the order
 * was cancelled and refunded as a whole), or every unit of every line is in one. A line the coupon
 * made free and the shopper kept is something kept, though no money is left to refund.
 */
export async function nothingKept(db: DbOrTx, orderId: number): Promise<boolean> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
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
  if (stage === 'service' && s.activated) throw conflict('该订单已有激活码被激活，不能再退款');
  return stage;
}
