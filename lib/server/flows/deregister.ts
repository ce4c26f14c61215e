/**
 * 注销账号 (docs/privacy.md#deregistration): the shopper confirms with an SMS code of its own purpose;
 * the account's personal data is erased in one transaction while its orders, invoices and after-sales
 * keep what the books require. Refused while something is still under way for the shopper.
 */
import 'server-only';
import { and, eq, inArray, isNotNull, isNull, notInArray, or } from 'drizzle-orm';
import { deregisteredPhone, maskAddressSnapshot, UNFINISHED_AFTER_SALE_STATUSES, UNFINISHED_ORDER_STATUSES } from '../../domain/privacy';
import { deregisterSchema } from '../../validation/auth';
import { productsChanged } from '../cache/cache-revalidate';
import { getDb, withTx, type DbOrTx } from '../db/client';
import { addresses, afterSales, browseHistory, carts, couponCodeTries, favorites, invoices, invoiceTitles, orders, reviews, sessions, stockNotices, uploads, uploadTries, users } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { log } from '../log';
import { writeAudit } from '../modules/audit';
import { forgetMessages } from '../modules/messages';
import { consumeSmsCode, issueSmsCode } from '../modules/accounts';

/** Why the account cannot go yet, or null when nothing is under way. */
async function blocker(db: DbOrTx, userId: number): Promise<string | null> {
  const [open] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, UNFINISHED_ORDER_STATUSES)))
    .limit(1);
  if (open) {
    return open.status === 'pending_payment'
      ? '您有待付款的订单，请先支付或取消后再注销账号'
      : '您有尚未完成的订单（待发货、待收货或退款中），请在订单完成后再注销账号';
  }
  const [sale] = await db
    .select({ id: afterSales.id })
    .from(afterSales)
    .where(and(eq(afterSales.userId, userId), inArray(afterSales.status, UNFINISHED_AFTER_SALE_STATUSES)))
    .limit(1);
  if (sale) return '您有处理中的售后申请，请在售后完成或撤销后再注销账号';
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), or(eq(invoices.status, 'pending'), eq(invoices.reversal, 'pending'))))
    .limit(1);
  if (invoice) return '您有开具中或红冲中的发票，请在处理完成后再注销账号';
  return null;
}

async function accountPhone(db: DbOrTx, userId: number): Promise<string> {
  const [u] = await db.select({ phone: users.phone }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return u.phone;
}

/** Sends the 注销账号 code to the account's own phone; refused first when the account cannot go yet. */
export async function requestDeregisterCode(userId: number, ip: string | null) {
  const db = await getDb();
  const why = await blocker(db, userId);
  if (why) throw conflict(why);
  return issueSmsCode(await accountPhone(db, userId), ip, 'deregister');
}

/**
 * Checks the code, then erases the account in one transaction that holds the user's row: the blockers
 * are checked again under that lock, so an order placed meanwhile either makes it refuse or waits.
 */
export async function deregister(userId: number, input: unknown): Promise<void> {
  const { code } = deregisterSchema.parse(input);
  const db = await getDb();
  const phone = await accountPhone(db, userId);
  await consumeSmsCode(db, phone, code, 'deregister');
  const reviewed = await withTx(async (tx) => {
    const [held] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).for('update');
    if (!held) throw badRequest('账号已注销');
    const why = await blocker(tx, userId);
    if (why) throw conflict(why);

    const now = new Date();
    await tx
      .update(users)
      .set({
        // Unique and never a phone number: the number is free to register as a new account.
        phone: deregisteredPhone(userId),
        nickname: null,
        email: null,
        passwordHash: null,
        failedLogins: 0,
        lockedUntil: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await tx.delete(addresses).where(eq(addresses.userId, userId));
    await tx.delete(invoiceTitles).where(eq(invoiceTitles.userId, userId));
    await tx.delete(carts).where(eq(carts.userId, userId));
    await tx.delete(stockNotices).where(eq(stockNotices.userId, userId));
    // 评价 with their photos (review_photos cascade): the product pages they were on are revalidated below.
    const erased = await tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ productId: reviews.productId });
    await tx.delete(favorites).where(eq(favorites.userId, userId));
    await tx.delete(browseHistory).where(eq(browseHistory.userId, userId));
    // The 消息中心's messages and 消息设置 (docs/messages.md#retention); notices still in the outbox find no shopper and say nothing.
    await forgetMessages(tx, userId);
    await tx.delete(couponCodeTries).where(eq(couponCodeTries.userId, userId));
    await tx.delete(uploadTries).where(eq(uploadTries.userId, userId));
    // Photos no request took; those of finished after-sales go too (the request keeps its decision).
    await tx.delete(uploads).where(eq(uploads.userId, userId));
    // Orders stay for the books (all finished by now); the delivery address keeps the region only, the remark goes.
    const kept = await tx
      .select({ id: orders.id, snapshot: orders.addressSnapshot })
      .from(orders)
      .where(and(eq(orders.userId, userId), notInArray(orders.status, [...UNFINISHED_ORDER_STATUSES]), isNotNull(orders.addressSnapshot)));
    for (const o of kept) {
      await tx.update(orders).set({ addressSnapshot: maskAddressSnapshot(o.snapshot!), updatedAt: now }).where(eq(orders.id, o.id));
    }
    await tx.update(orders).set({ remark: '' }).where(eq(orders.userId, userId));
    // Invoices keep title, tax number, amounts and numbers; the address they were mailed to goes.
    await tx.update(invoices).set({ email: '', updatedAt: now }).where(eq(invoices.userId, userId));
    await writeAudit(tx, { actorUserId: userId, action: 'user.deregister', entity: 'user', entityId: userId, before: null, after: { deletedAt: now.toISOString() } });
    return erased.map((r) => r.productId);
  });
  if (reviewed.length) productsChanged(reviewed);
  log.info({ userId }, 'account deregistered');
}
