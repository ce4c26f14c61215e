/**
 * The console's 退还自动续费 (docs/subscriptions.md#refunds-of-renewals): a year 自动续费 charged, given back by
 * the operator for the shopper — a 仅退款 of its order made and approved at once, by the after-sales rules
 * and path (within 7 days of the charge; the year taken off the end; the money back the way it came; the
 * invoice following), and the operator's entry in the audit log, in one transaction.
 */
import 'server-only';
import { operatorRefundSchema } from '../../validation/admin';
import { getDb, withTx } from '../db/client';
import { parseId } from '../db/id';
import { drawAgainIfTaken } from '../db/unique';
import { conflict, notFound } from '../errors';
import { log } from '../log';
import { refundServiceOrderForShopper } from '../modules/after-sales';
import { writeAudit } from '../modules/audit';
import { findOrderRow } from '../modules/order';
import { getConsoleSubscription, type ConsoleSubscription } from '../views/console-subscription';

export async function refundAutoCharge(operatorId: number, subscriptionId: number, rawChargeId: string, input: unknown): Promise<ConsoleSubscription> {
  const { reason = '自动续费退款' } = operatorRefundSchema.parse(input);
  const chargeId = parseId(rawChargeId);
  const c = (await getConsoleSubscription(subscriptionId)).charges.find((x) => x.id === chargeId);
  if (!c) throw notFound('扣款记录不存在');
  // The console's own words for a charge that cannot be given back; the after-sales rules are checked again under the order's lock.
  if (c.refundRefusal || !c.orderNo) throw conflict(c.refundRefusal ?? '该次自动续费没有扣款成功，无需退款');
  const { orderNo } = c;
  const { id: orderId } = await findOrderRow(await getDb(), orderNo);
  const afterSaleNo = await drawAgainIfTaken('after_sales_after_sale_no_unique', () =>
    withTx(async (tx) => {
      const no = await refundServiceOrderForShopper(tx, orderId, reason);
      await writeAudit(tx, { actorUserId: operatorId, action: 'subscription.refund_charge', entity: 'subscription', entityId: subscriptionId, before: { orderNo }, after: { afterSaleNo: no, amountFen: c.amountFen, reason } });
      return no;
    }),
  );
  log.info({ subscriptionId, chargeId, orderNo, afterSaleNo, operatorId }, 'auto-renew charge refunded by operator');
  return getConsoleSubscription(subscriptionId);
}
