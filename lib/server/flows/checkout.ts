/**
 * Checkout (确认订单, 提交订单): the lines priced on the server, the coupon applied, stock taken, the order written.
 *
 * Checkout (docs/states.md#stock, docs/coupons.md#discount): the cart or 立即购买's lines priced by the
 * server, the coupon chosen or a code redeemed, stock taken with `stock = stock - n WHERE stock >= n`,
 * lines and address snapshotted and the order written in one transaction, once per idempotency key.
 */
import 'server-only';
import { FREE_SHIPPING_FROM_FEN, SHIPPING_FEN } from '../../domain/shipping';
import { ORDER_LINES_MAX, ORDER_NO_LENGTH, ORDER_TOTAL_MAX_FEN, UNPAID_ORDER_TTL_MIN } from '../../domain/order-rules';
import { formatFen } from '../../domain/money';
import { shopStamp } from '../../domain/shop-time';
import { MAX_LINE_QUANTITY } from '../../domain/quantity';
import { TOO_MANY_LINES, createOrderSchema, previewSchema } from '../../validation/order';
import { randomDigits } from '../crypto';
import { drawAgainIfTaken } from '../db/unique';
import { getDb, withTx, type DbOrTx } from '../db/client';
import type { AddressSnapshot } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { emit } from '../outbox/emit';
import { log } from '../log';
import { countOrderPlaced } from '../metrics/metrics.mjs';
import { findAddress } from '../modules/accounts';
import { sellableSkusById, takeStock } from '../modules/catalog';
import { chooseCoupon, redeemCode, takeCoupon, type AppliedCoupon, type CheckoutCoupon } from '../modules/coupons';
import { removeBoughtLines, selectedCartLines, type CartOwner } from '../modules/cart';
import { orderNoForKey, placeOrder } from '../modules/order';
import { newOrderView, type Order, type OrderLine, type OrderTotals } from '../views/orders-detail';
import { getOrder } from './order-page';

type Requested = { skuId: number; quantity: number };

export type Preview = OrderTotals & {
  lines: OrderLine[];
  needsAddress: boolean;
  /** The coupon the order would use (the best, unless the shopper chose another or none) and every coupon of theirs, usable or not with why. */
  coupon: CheckoutCoupon | null;
  usableCoupons: CheckoutCoupon[];
};

// ------------------------------------------------------------------ pricing

/**
 * Prices the requested lines from the database (never from the caller). A SKU named twice becomes
 * one line whose quantities add, so the per-line cap holds for the sum (400); 409 when off sale or short.
 */
async function priceLines(db: DbOrTx, requested: Requested[]): Promise<OrderLine[]> {
  const merged = new Map<number, number>();
  for (const r of requested) merged.set(r.skuId, (merged.get(r.skuId) ?? 0) + r.quantity);
  // The cart holds any number of lines; 立即购买 is capped by its schema too.
  if (merged.size > ORDER_LINES_MAX) throw badRequest(TOO_MANY_LINES);
  const ids = [...merged.keys()];
  const rows = await sellableSkusById(db, ids);
  return ids.map((skuId) => {
    const r = rows.find((x) => x.skuId === skuId);
    if (!r || !r.onSale) throw conflict('部分商品已下架，请返回重新选择');
    const quantity = merged.get(skuId)!;
    if (quantity > MAX_LINE_QUANTITY) throw badRequest(`「${r.productName} ${r.skuName}」每单最多购买 ${MAX_LINE_QUANTITY} 件`);
    if (r.stock < quantity) throw conflict(`「${r.productName} ${r.skuName}」库存不足，仅剩 ${r.stock} 件`);
    const { stock: _stock, onSale: _onSale, ...line } = r;
    return { ...line, quantity, subtotalFen: r.priceFen * quantity };
  });
}

/** Shipping is for the goods that ship: free when the devices come to ¥99 or more, else ¥10; services ship nothing. */
function shippingFor(lines: OrderLine[]): number {
  const devices = lines.filter((l) => l.kind === 'device');
  if (devices.length === 0) return 0;
  const total = devices.reduce((n, l) => n + l.subtotalFen, 0);
  return total >= FREE_SHIPPING_FROM_FEN ? 0 : SHIPPING_FEN;
}

/** 400 above the cap of one order: what keeps every stored amount inside its integer column. */
export function checkOrderCap(itemsTotalFen: number, totalFen: number): void {
  if (itemsTotalFen > ORDER_TOTAL_MAX_FEN || totalFen > ORDER_TOTAL_MAX_FEN) {
    throw badRequest(`订单金额超过单笔上限 ${formatFen(ORDER_TOTAL_MAX_FEN)}，请分开下单`);
  }
}

/**
 * The order's sums, added in JavaScript (exact far beyond any order) and refused above the cap
 * before anything is written: the cap is what keeps every stored amount inside its integer column.
 */
function summarise(lines: OrderLine[], applied: AppliedCoupon = NO_COUPON): Preview {
  const itemsTotalFen = lines.reduce((n, l) => n + l.subtotalFen, 0);
  const shippingFen = shippingFor(lines);
  const { discountFen, coupon, usableCoupons } = applied;
  const totalFen = itemsTotalFen + shippingFen - discountFen;
  checkOrderCap(itemsTotalFen, totalFen);
  return { lines, itemsTotalFen, shippingFen, discountFen, totalFen, needsAddress: lines.some((l) => l.kind === 'device'), coupon, usableCoupons };
}

const NO_COUPON: AppliedCoupon = { coupon: null, usableCoupons: [], discountFen: 0, lineDiscounts: [] };

/** The coupon for these lines (docs/coupons.md#discount): a visitor has none. */
function couponFor(db: DbOrTx, userId: number | null, lines: OrderLine[], couponId: number | null | undefined): Promise<AppliedCoupon> {
  if (userId === null) return Promise.resolve(NO_COUPON);
  return chooseCoupon(db, userId, lines, shippingFor(lines), couponId);
}

/** The coupon asked for: a code typed at checkout becomes the shopper's coupon first, then it is the one used. */
async function askedCoupon(userId: number, v: { couponId?: number | null; couponCode?: string }): Promise<number | null | undefined> {
  return v.couponCode ? (await redeemCode(userId, { code: v.couponCode })).id : v.couponId;
}

async function requestedLines(db: DbOrTx, input: { items: Requested[] } | { fromCart: true }, owner: CartOwner): Promise<Requested[]> {
  if ('items' in input) return input.items;
  const lines = await selectedCartLines(db, owner);
  if (lines.length === 0) throw badRequest('请先在购物车中选择要结算的商品');
  return lines;
}

export async function previewOrder(owner: CartOwner, input: unknown): Promise<Preview> {
  const v = previewSchema.parse(input);
  const db = await getDb();
  // The address chosen on the checkout page must be the shopper's own (another's is simply not found).
  if (v.addressId !== undefined) await findAddress(db, owner.userId ?? 0, v.addressId);
  const lines = await priceLines(db, await requestedLines(db, v, owner));
  const couponId = owner.userId === null ? null : await askedCoupon(owner.userId, v);
  return summarise(lines, await couponFor(db, owner.userId, lines, couponId));
}

// ------------------------------------------------------------------ create

/** ORDER_NO_LENGTH digits: the Beijing time to the second (14), then random digits. */
export function newOrderNo(): string {
  const stamp = shopStamp();
  return `${stamp}${randomDigits(ORDER_NO_LENGTH - stamp.length)}`;
}

/**
 * Creates the order: one transaction inserts it (the unique (user, idempotency key) makes a
 * repeat return the first order), takes stock with `stock = stock - n WHERE stock >= n`, snapshots
 * lines and address, and removes the bought lines from the cart.
 */
export async function createOrder(userId: number, owner: CartOwner, input: unknown): Promise<Order> {
  const v = createOrderSchema.parse(input);
  const db = await getDb();
  const existing = await orderNoForKey(db, userId, v.idempotencyKey);
  if (existing) return getOrder(userId, existing.orderNo);

  const requested = await requestedLines(db, v, owner);
  const couponId = await askedCoupon(userId, v);
  // Order numbers are random within their second: one drawn twice makes the transaction try again.
  const placed = await drawAgainIfTaken('orders_order_no_unique', () => withTx(async (tx) => {
    const lines = await priceLines(tx, requested);
    const applied = await couponFor(tx, userId, lines, couponId);
    const sum = summarise(lines, applied);
    let address: AddressSnapshot | null = null;
    if (sum.needsAddress) {
      if (!v.addressId) throw badRequest('请选择收货地址');
      const { id: _id, isDefault: _d, ...snap } = await findAddress(tx, userId, v.addressId);
      address = snap;
    }
    const now = new Date();
    const placed = await placeOrder(
      tx,
      {
        orderNo: newOrderNo(),
        userId,
        kind: sum.needsAddress ? 'device' : 'service',
        itemsTotalFen: sum.itemsTotalFen,
        shippingFen: sum.shippingFen,
        discountFen: sum.discountFen,
        totalFen: sum.totalFen,
        addressSnapshot: address,
        remark: v.remark,
        idempotencyKey: v.idempotencyKey,
        payDeadline: new Date(now.getTime() + UNPAID_ORDER_TTL_MIN * 60_000),
        couponId: applied.coupon?.id ?? null,
      },
      lines.map((l, i) => ({
        productId: l.productId,
        skuId: l.skuId,
        productName: l.productName,
        skuName: l.skuName,
        kind: l.kind,
        image: l.image,
        priceFen: l.priceFen,
        quantity: l.quantity,
        // The line's share of the coupon (docs/coupons.md#split): refunds and invoice lines are parts of what was paid.
        discountFen: applied.lineDiscounts[i] ?? 0,
        paidFen: l.subtotalFen - (applied.lineDiscounts[i] ?? 0),
      })),
    );
    if (!placed) return null; // the same key won in another request: return that order
    const { order, items } = placed;
    if (applied.coupon) await takeCoupon(tx, applied.coupon.id, userId, order.id);
    if (v.fromCart) await removeBoughtLines(tx, userId, lines.map((l) => l.skuId));
    // After the commit the next render sees the new stock.
    await emit(tx, { kind: 'products_changed', payload: { productIds: [...new Set(lines.map((l) => l.productId))] } });
    // The stock last: its row lock is what orders of one SKU queue on, held from here to the commit only.
    await takeStock(tx, lines, (l) => conflict(`「${l.productName} ${l.skuName}」库存不足`));
    return { order, items };
  }));
  if (placed) {
    log.info({ orderNo: placed.order.orderNo, userId }, 'order created');
    countOrderPlaced(); // after the commit: docs/metrics.md
    // Built from the rows just written, not read back: a new order has nothing else to show yet.
    return newOrderView(db, placed.order, placed.items);
  }
  const again = await orderNoForKey(db, userId, v.idempotencyKey);
  if (!again) throw conflict('订单提交失败，请重试');
  return getOrder(userId, again.orderNo);
}
