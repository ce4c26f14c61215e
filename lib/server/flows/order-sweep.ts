/**
 * The orders' clock: unpaid orders past their deadline are cancelled, shipped ones completed after SHIPPED_AUTO_COMPLETE_DAYS.
 *
 * The orders' clock (docs/states.md#timers): an unpaid order past its deadline is cancelled (unless the
 * money came just in time), a shipped one signed for (or shipped) SHIPPED_AUTO_COMPLETE_DAYS ago is
 * completed. Applied to one order before it is read, to a shopper's orders before their list, and to
 * every order by the server's sweep.
 */
import 'server-only';
import { SHIPPED_AUTO_COMPLETE_DAYS } from '../../domain/order-rules';
import { DAY_MS } from '../../domain/shop-time';
import { getDb, withTx, type DbOrTx } from '../db/client';
import { log } from '../log';
import { notify } from '../modules/messages';
import { completeShippedOrders, overdueOrders, type OrderRow } from '../modules/order';
import { settleOpenPayments } from '../modules/payment';
import { orderSignedAt } from '../modules/tracking';
import { cancelOrderRow } from './cancel-unpaid';

/** An unpaid order runs out of time: unless the money came just in time (asked of the provider first). */
async function cancelOverdue(orderId: number): Promise<boolean> {
  if (await settleOpenPayments(orderId)) return true;
  return withTx((tx) => cancelOrderRow(tx, orderId, '超时未支付，系统自动取消'));
}

/** shipped → completed for one order or, without `orderId`, every order due; the orders it moved. */
function autoComplete(db: DbOrTx, orderId?: number) {
  const due = new Date(Date.now() - SHIPPED_AUTO_COMPLETE_DAYS * DAY_MS);
  // The shopper hears of it in the same transaction (docs/messages.md#events).
  return withTx(async (tx) => {
    const moved = await completeShippedOrders(tx, orderSignedAt, due, orderId);
    for (const o of moved) await notify(tx, o.userId, 'order_auto_completed', { orderNo: o.orderNo }, o.orderNo);
    return moved;
  }, db);
}

/** Applies the clock to one order: unpaid past the deadline → cancelled; signed for (or shipped) 7 days → completed. */
export async function settleLifecycle(db: DbOrTx, o: OrderRow): Promise<boolean> {
  if (o.status === 'pending_payment' && o.payDeadline <= new Date()) return cancelOverdue(o.id);
  if (o.status === 'shipped') return (await autoComplete(db, o.id)).length > 0;
  return false;
}

/** The shopper's overdue unpaid orders, before their list is read. */
export async function sweepUser(db: DbOrTx, userId: number): Promise<void> {
  for (const o of await overdueOrders(db, { userId })) await settleLifecycle(db, o);
}

/** The server's sweep: every overdue unpaid order and every shipped order past 7 days. */
export async function sweepOrders(): Promise<{ cancelled: number; completed: number }> {
  const db = await getDb();
  const overdue = await overdueOrders(db, { limit: 500 });
  let cancelled = 0;
  for (const o of overdue) if (await cancelOverdue(o.id)) cancelled++;
  const done = await autoComplete(db);
  if (cancelled || done.length) log.info({ cancelled, completed: done.length }, 'order sweep');
  return { cancelled, completed: done.length };
}
