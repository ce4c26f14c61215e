/**
 * The steps of an after-sales request that move money, stock or codes (docs/after-sales.md): made
 * in the transaction of the move that causes them, with the order row locked so two requests of one
 * order (or a request and the console) are decided one at a time. Whatever goes to a provider or an
 * SMS is an outbox event of that transaction, delivered after the commit (docs/outbox.md).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { AFTER_SALE_REASONS, AFTER_SALE_TYPE_LABEL, RETURN_SHIPPING_RULE, type AfterSaleActor } from '../../../domain/after-sale';
import { AFTER_SALE_NO_LENGTH, AFTER_SALE_RETURN_DAYS, RETURN_ADDRESS } from '../../../domain/after-sale-rules';
import { formatFen } from '../../../domain/money';
import { DAY_MS, shopStamp } from '../../../domain/shop-time';
import { randomDigits } from '../../crypto';
import type { Tx } from '../../db/client';
import { afterSales } from '../../db/schema';
import { returnStock } from '../catalog';
import { conflict } from '../../errors';
import { followRefundOnInvoice } from '../invoice';
import { lockOrder, moveOrder, type OrderRow } from '../order';
import { takeBackRefunded } from '../subscription';
import { orderPayment, refundPayment } from '../payment';
import { goodsRefundedFen } from '../refund';
import { requestLines } from './lines';
import { moveAfterSale } from './states';
import { emit } from '../../outbox/emit';
import { notify } from '../messages';

type AfterSaleRow = typeof afterSales.$inferSelect;


export function newAfterSaleNo(): string {
  const stamp = shopStamp();
  return `${stamp}${randomDigits(AFTER_SALE_NO_LENGTH - stamp.length)}`;
}

/** Units come back into stock (a refund before shipment, or the operator's 收货 with 入库). */
async function restock(tx: Tx, afterSaleId: number): Promise<void> {
  const items = await requestLines(tx, afterSaleId);
  await returnStock(tx, items.filter((x) => x.kind === 'device'));
  // Recorded on the request, so the books can tell which returned units are back on the shelf.
  await tx.update(afterSales).set({ restocked: true }).where(eq(afterSales.id, afterSaleId));
  await emit(tx, { kind: 'products_changed', payload: { productIds: [...new Set(items.map((i) => i.productId))] } });
  await emit(tx, { kind: 'skus_restocked', payload: { skuIds: [...new Set(items.map((i) => i.skuId))] } });
}

/**
 * What refunded services gave is taken back: unused codes of each line, or a 续费's days and a 升级's edition
 * (docs/subscriptions.md#refunds-of-renewals); 409 if a code was activated or the days began meanwhile.
 */
async function revokeCodes(tx: Tx, a: AfterSaleRow): Promise<void> {
  for (const i of (await requestLines(tx, a.id)).filter((x) => x.kind === 'service')) {
    await takeBackRefunded(tx, { orderId: a.orderId, orderItemId: i.orderItemId, quantity: i.quantity });
  }
}

/**
 * The request's money goes back: 退款中, a refund of its amount recorded against the order's payment
 * (sent after the commit, an outbox event), the invoice follows, and when this brings the whole of the order's money
 * back the order itself → 退款中 (→ 已退款 with the refund).
 */
async function startRefund(tx: Tx, a: AfterSaleRow, o: OrderRow, from: 'pending_review' | 'received', by: AfterSaleActor, note: string): Promise<void> {
  const moved = await moveAfterSale(tx, a.id, from, 'refunding', by, note);
  if (!moved) throw conflict('售后申请状态已变化，请刷新后重试');
  if (a.refundFen > 0) {
    const p = await orderPayment(tx, o.id);
    if (!p) throw conflict('该订单没有可退款的支付记录');
    await refundPayment(tx, p.id, `售后退款 ${a.afterSaleNo}`, { amountFen: a.refundFen, afterSaleId: a.id });
    // What is left of the payment that paid the order (a double payment's own refund is not this order's
    // money, and 运费补偿 is no part of the order given back: docs/after-sales.md#return-shipping).
    const left = p.amountFen - (await goodsRefundedFen(tx, p.id));
    if (left <= 0) await moveOrder(tx, o.id, ['paid', 'shipped', 'completed'], 'refunding');
    await followRefundOnInvoice(tx, o.id, Math.max(left, 0));
  } else {
    // Nothing to send (a line that cost nothing): no refund will ever settle it, so it is done now;
    // left in 退款中 it would hold its line open for good.
    await moveAfterSale(tx, a.id, 'refunding', 'refunded', 'timer', '该商品实付 ¥0.00，无需退款');
  }
}

/**
 * 同意: 仅退款 → its refund starts (stock back first when nothing had shipped, codes taken back for
 * services); 退货退款 / 换货 → 待寄回 with the return address and AFTER_SALE_RETURN_DAYS to send it.
 * By the operator, by the shop at once (仅退款 before shipment, unused codes), or by the clock.
 */
export async function approve(tx: Tx, a: AfterSaleRow, by: AfterSaleActor, stage: 'unshipped' | 'service' | 'other'): Promise<void> {
  const o = await lockOrder(tx, a.orderId);
  const who = by === 'operator' ? '商家' : '系统';
  // The approval's SMS goes first: a 仅退款 refunded at once would otherwise tell of the money before the approval.
  if (stage === 'other') {
    await notify(tx, a.userId, 'after_sale_approved', { afterSaleNo: a.afterSaleNo }, a.afterSaleNo);
  }
  if (a.type === 'refund_only') {
    if (stage === 'unshipped') await restock(tx, a.id);
    if (stage === 'service') await revokeCodes(tx, a);
    const note =
      stage === 'unshipped' ? `订单未发货，${who}已同意退款，商品不再发出` : stage === 'service' ? `激活码未使用，${who}已同意退款，激活码已作废` : `${who}已同意退款`;
    await startRefund(tx, a, o, 'pending_review', by, `${note}，退款 ${formatFen(a.refundFen)} 原路退回`);
  } else {
    const fault = RETURN_SHIPPING_RULE[AFTER_SALE_REASONS[a.reason].fault];
    const note = `${who}已同意${AFTER_SALE_TYPE_LABEL[a.type]}，请在 ${AFTER_SALE_RETURN_DAYS} 天内将商品寄回：${RETURN_ADDRESS.name}，${RETURN_ADDRESS.tel}，${RETURN_ADDRESS.address}。${fault}。`;
    const moved = await moveAfterSale(tx, a.id, 'pending_review', 'awaiting_return', by, note, { dueAt: new Date(Date.now() + AFTER_SALE_RETURN_DAYS * DAY_MS) });
    if (!moved) throw conflict('售后申请状态已变化，请刷新后重试');
  }
}

/** 收货 of returned goods: 商家已收货 (入库 or 报损); a 退货退款 then refunds at once, an exchange waits for 换新发出. */
export async function receive(tx: Tx, a: AfterSaleRow, restocked: boolean): Promise<void> {
  const o = await lockOrder(tx, a.orderId);
  const moved = await moveAfterSale(tx, a.id, 'returning', 'received', 'operator', restocked ? '商家已收到退回的商品，已验收入库' : '商家已收到退回的商品，经检测报损处理', {
    restocked,
  });
  if (!moved) throw conflict('售后申请不在退货中，不能收货');
  await notify(tx, a.userId, 'after_sale_return_received', { afterSaleNo: a.afterSaleNo }, a.afterSaleNo);
  if (restocked) await restock(tx, a.id);
  if (a.type === 'return_refund') await startRefund(tx, moved, o, 'received', 'operator', `商家已收货，退款 ${formatFen(a.refundFen)} 原路退回`);
}
