/**
 * 我的价保's history and the console's 价保 list: claims with their order, product and amount, newest first.
 *
 * 价保 claims as the screens read them (docs/rules.md#价保): the shopper's own (我的价保, newest first)
 * and every shopper's for the console, filtered by state and by the Beijing day of the claim, each with
 * its order's number and the line's product. A view: it joins the claims to the orders' tables and
 * never writes.
 */
import 'server-only';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { PRICE_PROTECT_STATUS_LABEL, type PriceProtectSource, type PriceProtectStatus } from '../../domain/price-protect';
import { shopDayEnd, shopDayStart } from '../../domain/shop-time';
import { pageQuerySchema } from '../../validation/admin';
import { adminPriceProtectQuerySchema } from '../../validation/price-protect';
import { getDb, type DbOrTx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { orderItems, orders, priceProtectClaims, users } from '../db/schema';
import { iso } from '../iso';
import { maskPhone } from '../../validation/phone';

export type PriceProtectClaim = {
  id: number;
  orderNo: string;
  orderItemId: number;
  productId: number;
  productName: string;
  skuName: string;
  quantity: number;
  paidUnitFen: number;
  lowPriceFen: number;
  amountFen: number;
  status: PriceProtectStatus;
  statusLabel: string;
  source: PriceProtectSource;
  createdAt: string;
  refundedAt: string | null;
};

export type AdminPriceProtectClaim = PriceProtectClaim & { userId: number; phone: string };

const columns = {
  c: priceProtectClaims,
  orderNo: orders.orderNo,
  productId: orderItems.productId,
  productName: orderItems.productName,
  skuName: orderItems.skuName,
};

type Row = { c: typeof priceProtectClaims.$inferSelect; orderNo: string; productId: number; productName: string; skuName: string };

function toClaim({ c, ...r }: Row): PriceProtectClaim {
  return {
    id: c.id,
    orderNo: r.orderNo,
    orderItemId: c.orderItemId,
    productId: r.productId,
    productName: r.productName,
    skuName: r.skuName,
    quantity: c.quantity,
    paidUnitFen: c.paidUnitFen,
    lowPriceFen: c.lowPriceFen,
    amountFen: c.amountFen,
    status: c.status,
    statusLabel: PRICE_PROTECT_STATUS_LABEL[c.status],
    source: c.source,
    createdAt: iso(c.createdAt),
    refundedAt: iso(c.refundedAt),
  };
}

/** A claim's state now (after its refund was sent). */
export async function claimStatus(db: DbOrTx, claimId: number): Promise<PriceProtectStatus> {
  const [row] = await db.select({ status: priceProtectClaims.status }).from(priceProtectClaims).where(eq(priceProtectClaims.id, claimId));
  return row.status;
}

/** Claims with their order, line and shopper's phone, newest first: the one query of both lists below. */
function claimRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ ...columns, phone: users.phone })
    .from(priceProtectClaims)
    .innerJoin(orders, eq(orders.id, priceProtectClaims.orderId))
    .innerJoin(orderItems, eq(orderItems.id, priceProtectClaims.orderItemId))
    .innerJoin(users, eq(users.id, priceProtectClaims.userId))
    .where(where)
    .orderBy(desc(priceProtectClaims.createdAt), desc(priceProtectClaims.id))
    .$dynamic();
}

/** 我的价保's 价保记录: the shopper's claims, newest first, paged. */
export async function myClaims(userId: number, query: unknown): Promise<Page<PriceProtectClaim>> {
  const q = pageQuerySchema.parse(query);
  const db = await getDb();
  const where = eq(priceProtectClaims.userId, userId);
  const count = db.select({ total: countRows }).from(priceProtectClaims).where(where);
  const rows = claimRows(db, where);
  return paged(q, count, rows, (page) => page.map(toClaim));
}

/** The console's 价保: every claim, by state and by the Beijing days it was made in, newest first, paged. */
export async function adminClaims(query: unknown): Promise<Page<AdminPriceProtectClaim>> {
  const q = adminPriceProtectQuerySchema.parse(query);
  const db = await getDb();
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(priceProtectClaims.status, q.status));
  if (q.from) conds.push(gte(priceProtectClaims.createdAt, shopDayStart(q.from)));
  if (q.to) conds.push(lt(priceProtectClaims.createdAt, shopDayEnd(q.to)));
  const where = conds.length ? and(...conds) : undefined;
  const count = db.select({ total: countRows }).from(priceProtectClaims).where(where);
  const rows = claimRows(db, where);
  return paged(q, count, rows, (page) => page.map((r) => ({ ...toClaim(r), userId: r.c.userId, phone: maskPhone(r.phone) })));
}
