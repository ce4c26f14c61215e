/**
 * 激活: a shopper activates one of their codes, the order's row locked first as a refund of codes locks it.
 *
 * 激活: a shopper activates one of their codes. The order's row is locked first, as an after-sales refund
 * of codes locks it: otherwise a code activated between the refund's check (「没有激活码被激活」) and its
 * revoking the codes was refunded beside an activated code, or revoked though activated.
 */
import 'server-only';
import { getDb, withTx } from '../db/client';
import { conflict, notFound } from '../errors';
import { iso } from '../iso';
import { lockOrder } from '../modules/order';
import { activateCodeTx, codeState, findOwnCode } from '../modules/subscription';

export async function activateLicense(userId: number, code: string): Promise<{ code: string; activatedAt: string; validUntil: string }> {
  const row = await findOwnCode(await getDb(), userId, code);
  if (!row) throw notFound('激活码不存在');
  const now = new Date();
  const done = await withTx(async (tx) => {
    await lockOrder(tx, row.orderId);
    return activateCodeTx(tx, row.id, now);
  });
  if (done) return { code: done.code, activatedAt: iso(done.activatedAt), validUntil: iso(done.validUntil) };
  throw conflict((await codeState(await getDb(), row.id)) === 'revoked' ? '该激活码已随退款作废' : '该激活码已激活');
}
