/**
 * The shopper's 删除订单: a finished order with no open after-sales request is hidden from them, kept for the books.
 *
 * 删除订单 (docs/rules.md#delete-order): the shopper's finished order with no after-sales request open
 * is hidden from them, in one guarded UPDATE (the order module's, on the after-sales module's condition);
 * the row stays for the books and the console.
 */
import 'server-only';
import { isFinishedOrder, ORDER_STATUS_LABEL } from '../../domain/order-status';
import { getDb } from '../db/client';
import { conflict } from '../errors';
import { log } from '../log';
import { noOpenAfterSale } from '../modules/after-sales';
import { findOwnOrder, hideFinishedOrder } from '../modules/order';

export async function hideOrder(userId: number, orderNo: string): Promise<void> {
  const db = await getDb();
  const o = await findOwnOrder(db, userId, orderNo);
  if (await hideFinishedOrder(db, o.id, noOpenAfterSale(db, o.id))) {
    log.info({ orderNo, userId }, 'order hidden by the shopper');
    return;
  }
  const now = await findOwnOrder(db, userId, orderNo);
  if (!isFinishedOrder(now.status)) throw conflict(`订单「${ORDER_STATUS_LABEL[now.status]}」，只有已完成、已取消或已退款的订单可以删除`);
  throw conflict('订单有售后申请正在处理，处理完成后才能删除');
}
