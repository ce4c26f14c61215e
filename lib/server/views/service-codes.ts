/**
 * Every activation code of the shopper (GET /licenses), newest first, with its order, state and the term's end.
 *
 * 我的服务's codes: every activation code of the shopper, newest first, one page, with what it is for,
 * the order it came with, its state and the end of its subscription's term. Only their own (user_id).
 */
import 'server-only';
import { asc, desc, eq } from 'drizzle-orm';
import { LICENSE_STATE_LABEL, licenseState, type LicenseState } from '../../domain/license-state';
import { serviceCodeListSchema } from '../../validation/order';
import { getDb } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { licenses, orderItems, orders, subscriptions } from '../db/schema';
import { iso } from '../iso';

/** One code of 我的服务: what it is for, which order it came with, and its state. */
export type ServiceCode = {
  code: string;
  productName: string;
  skuName: string;
  orderNo: string;
  /** False once the shopper deleted the order (删除订单): the code stays theirs, the order is no longer shown. */
  orderShown: boolean;
  createdAt: string;
  state: LicenseState;
  stateLabel: string;
  activatedAt: string | null;
  /** The end of the code's subscription (every seat ends on the same day); null until its first code is activated. */
  validUntil: string | null;
};

export async function listServiceCodes(userId: number, query: unknown): Promise<Page<ServiceCode>> {
  const q = serviceCodeListSchema.parse(query);
  const db = await getDb();
  const where = eq(licenses.userId, userId);
  const count = db.select({ total: countRows }).from(licenses).where(where);
  const rows = db
    .select({
      code: licenses.code,
      productName: orderItems.productName,
      skuName: orderItems.skuName,
      orderNo: orders.orderNo,
      hiddenAt: orders.hiddenAt,
      createdAt: licenses.createdAt,
      activatedAt: licenses.activatedAt,
      validUntil: subscriptions.endsAt,
      revokedAt: licenses.revokedAt,
    })
    .from(licenses)
    .innerJoin(subscriptions, eq(subscriptions.id, licenses.subscriptionId))
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .innerJoin(orders, eq(orders.id, licenses.orderId))
    .where(where)
    .orderBy(desc(licenses.createdAt), asc(licenses.id))
    .$dynamic();
  return paged(q, count, rows, (page) =>
    page.map((r) => {
      const state = licenseState({ activatedAt: r.activatedAt, revoked: Boolean(r.revokedAt) });
      return {
        code: r.code,
        productName: r.productName,
        skuName: r.skuName,
        orderNo: r.orderNo,
        orderShown: !r.hiddenAt,
        createdAt: iso(r.createdAt),
        state,
        stateLabel: LICENSE_STATE_LABEL[state],
        activatedAt: iso(r.activatedAt),
        validUntil: r.activatedAt ? iso(r.validUntil) : null,
      };
    }),
  );
}
