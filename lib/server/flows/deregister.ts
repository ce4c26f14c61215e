/**
 * 注销账号: the shopper's personal data erased in one transaction, each module forgetting what it owns.
 *
 * 注销账号 (docs/privacy.md#deregistration): the shopper confirms with an SMS code of its own purpose;
 * the account's personal data is erased in one transaction while its orders, invoices and after-sales
 * keep what the books require. Refused while something is still under way for the shopper. Each module
 * erases what it owns (its `forgetUser`); this flow asks them in one transaction, in an order the
 * foreign keys allow (a review's photos go before the uploads they point at).
 */
import 'server-only';
import { deregisterSchema } from '../../validation/auth';
import { productsChanged } from '../cache/cache-revalidate';
import { getDb, withTx, type DbOrTx } from '../db/client';
import { badRequest, conflict } from '../errors';
import { log } from '../log';
import { activePhone, consumeSmsCode, forgetUser as forgetAccount, issueSmsCode, lockOpenAccount } from '../modules/accounts';
import { hasUnfinishedAfterSale } from '../modules/after-sales';
import { writeAudit } from '../modules/audit';
import { forgetUser as forgetCart } from '../modules/cart';
import { forgetUser as forgetCouponTries } from '../modules/coupons';
import { forgetUser as forgetInvoiceDetails, hasInvoiceUnderWay } from '../modules/invoice';
import { forgetUser as forgetMessages } from '../modules/messages';
import { forgetUser as forgetOrderDetails, unfinishedOrderStatus } from '../modules/order';
import { forgetUser as forgetReviews } from '../modules/reviews';
import { forgetUser as forgetLists } from '../modules/shopper-lists';
import { forgetUser as forgetUploads } from '../modules/uploads';

/** Why the account cannot go yet, or null when nothing is under way. */
async function blocker(db: DbOrTx, userId: number): Promise<string | null> {
  const open = await unfinishedOrderStatus(db, userId);
  if (open) {
    return open === 'pending_payment'
      ? '您有待付款的订单，请先支付或取消后再注销账号'
      : '您有尚未完成的订单（待发货、待收货或退款中），请在订单完成后再注销账号';
  }
  if (await hasUnfinishedAfterSale(db, userId)) return '您有处理中的售后申请，请在售后完成或撤销后再注销账号';
  if (await hasInvoiceUnderWay(db, userId)) return '您有开具中或红冲中的发票，请在处理完成后再注销账号';
  return null;
}

async function accountPhone(db: DbOrTx, userId: number): Promise<string> {
  const phone = await activePhone(db, userId);
  if (phone === null) throw badRequest('账号已注销');
  return phone;
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
    if (!(await lockOpenAccount(tx, userId))) throw badRequest('账号已注销');
    const why = await blocker(tx, userId);
    if (why) throw conflict(why);

    // The account: phone, profile and password erased, sessions revoked, the address book deleted.
    const deletedAt = await forgetAccount(tx, userId);
    // Saved invoice titles deleted; invoices keep title, tax number, amounts and numbers, the email goes.
    await forgetInvoiceDetails(tx, userId);
    await forgetCart(tx, userId);
    // 到货通知, 我的收藏, 足迹.
    await forgetLists(tx, userId);
    // 评价 with their photos: the product pages they were on are revalidated below.
    const products = await forgetReviews(tx, userId);
    // The 消息中心's messages and 消息设置 (docs/messages.md#retention).
    await forgetMessages(tx, userId);
    await forgetCouponTries(tx, userId);
    // Upload tries and photos, those of finished after-sales too (the request keeps its decision).
    await forgetUploads(tx, userId);
    // Orders stay for the books (all finished by now); the delivery address keeps the region only, the remark goes.
    await forgetOrderDetails(tx, userId);
    await writeAudit(tx, { actorUserId: userId, action: 'user.deregister', entity: 'user', entityId: userId, before: null, after: { deletedAt: deletedAt.toISOString() } });
    return products;
  });
  if (reviewed.length) productsChanged(reviewed);
  log.info({ userId }, 'account deregistered');
}
