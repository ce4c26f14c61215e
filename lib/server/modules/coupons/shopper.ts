/**
 * A shopper's coupons (docs/coupons.md): the coupon centre, 领取, a code, 我的优惠券, and the 新人券
 * given at registration. Every limit is a guarded statement: the template's remaining count
 * (`issued < total`) and the shopper's own (`claimed < per_user_limit`), inside one transaction
 * that keeps nothing when either refuses.
 */
import 'server-only';
import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { redeemSchema } from '../../../validation/coupon';
import { sha256 } from '../../crypto';
import { getDb, withTx, type DbOrTx, type Tx } from '../../db/client';
import { takeHourlyTry } from '../../db/shopper-lock';
import { couponClaims, couponCodes, couponCodeTries, coupons, couponTemplates } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { COUPON_CODE_TRIES_PER_HOUR } from '../../limits';
import { isSoldOut } from '../../../domain/coupon';
import { iso } from '../../iso';
import { orderNumbers } from '../order';
import { scopeTexts, wordsOf, type CouponWords, type TemplateRow } from './view';

/** 立即领取 / 已领取 (this shopper has their limit) / 已领完 (none left). */
type CentreState = 'claimable' | 'claimed' | 'sold_out';

export type CentreCoupon = CouponWords & {
  templateId: number;
  validityText: string;
  state: CentreState;
  /** Share of the total already taken, 0–100 (null: unlimited). */
  takenPercent: number | null;
};

export type MyCoupon = CouponWords & {
  id: number;
  status: 'unused' | 'used' | 'expired';
  startsAt: string;
  endsAt: string;
  orderNo: string | null;
};

/** What can still be issued from a template now (not stopped, some left — isSoldOut in SQL —, its fixed window not over). */
const issuable = (now: Date): SQL =>
  and(
    isNull(couponTemplates.stoppedAt),
    or(isNull(couponTemplates.total), sql`${couponTemplates.issued} < ${couponTemplates.total}`),
    or(eq(couponTemplates.validityType, 'days'), gt(couponTemplates.endsAt, now)),
  )!;

function validityText(t: TemplateRow): string {
  if (t.validityType === 'days') return `领取后 ${t.validDays} 天内有效`;
  const d = (at: Date | null) => (at ? new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at) : '');
  return `${d(t.startsAt)} 至 ${d(t.endsAt)}`;
}

/** The coupon's own window: the template's fixed one, or N days from now. */
function windowOf(t: TemplateRow, now: Date): { startsAt: Date; endsAt: Date } {
  if (t.validityType === 'days') return { startsAt: now, endsAt: new Date(now.getTime() + t.validDays! * 86_400_000) };
  return { startsAt: t.startsAt!, endsAt: t.endsAt! };
}

const limitReached = (limit: number) => (limit > 1 ? `每人限领 ${limit} 张，您已领完` : '您已领取过这张券');

/**
 * Issues one coupon of a template to a shopper, or refuses with why. The template row's guarded
 * update takes one from the remaining count and locks the row, so claims of one template queue; the
 * upsert on coupon_claims takes one from the shopper's limit. A refusal throws, and the transaction
 * keeps neither.
 */
async function issue(tx: Tx, where: SQL, userId: number, source: TemplateRow['issue'], now: Date): Promise<number> {
  const [t] = await tx
    .update(couponTemplates)
    .set({ issued: sql`${couponTemplates.issued} + 1` })
    .where(and(where, issuable(now)))
    .returning();
  if (!t) throw await whyNot(tx, where, userId, now);
  const [mine] = await tx
    .insert(couponClaims)
    .values({ templateId: t.id, userId, claimed: 1 })
    .onConflictDoUpdate({
      target: [couponClaims.templateId, couponClaims.userId],
      set: { claimed: sql`${couponClaims.claimed} + 1` },
      setWhere: sql`${couponClaims.claimed} < ${t.perUserLimit}`,
    })
    .returning({ claimed: couponClaims.claimed });
  if (!mine) throw conflict(limitReached(t.perUserLimit));
  const [c] = await tx
    .insert(coupons)
    .values({ templateId: t.id, userId, source, ...windowOf(t, now) })
    .returning({ id: coupons.id });
  return c.id;
}

/** Why a template could not be issued: gone, stopped, this shopper has theirs, all taken, or its window over. */
async function whyNot(db: DbOrTx, where: SQL, userId: number, now: Date): Promise<AppError> {
  const [t] = await db.select().from(couponTemplates).where(where);
  if (!t) return notFound('优惠券不存在');
  if (t.stoppedAt) return conflict('该券已停止发放');
  const [mine] = await db.select().from(couponClaims).where(and(eq(couponClaims.templateId, t.id), eq(couponClaims.userId, userId)));
  if (mine && mine.claimed >= t.perUserLimit) return conflict(limitReached(t.perUserLimit));
  if (isSoldOut(t)) return conflict('来晚了，该券已领完');
  if (t.validityType === 'fixed' && t.endsAt && t.endsAt <= now) return conflict('该券已过期');
  return conflict('该券暂不能领取');
}

/** 领取 in the coupon centre. */
export async function claimCoupon(userId: number, templateId: number): Promise<MyCoupon> {
  const now = new Date();
  const id = await withTx((tx) => issue(tx, and(eq(couponTemplates.id, templateId), eq(couponTemplates.issue, 'claim'))!, userId, 'claim', now));
  return (await myCouponsByIds(await getDb(), userId, [id]))[0];
}

/**
 * A typed code: a template's public code, or a single-use code of a batch (kept only as its hash;
 * marked redeemed in the same transaction, so it is used once whoever types it at the same time).
 */
export async function redeemCode(userId: number, input: unknown): Promise<MyCoupon> {
  const { code } = redeemSchema.parse(input);
  const now = new Date();
  const tryId = await takeCodeTry(userId, now);
  const id = await withTx(async (tx) => {
    const templateId = await codeTemplate(tx, userId, code, now);
    const couponId = await issue(tx, and(eq(couponTemplates.id, templateId), eq(couponTemplates.issue, 'code'))!, userId, 'code', now);
    // Redeemed: this try does not count against the shopper.
    await tx.delete(couponCodeTries).where(eq(couponCodeTries.id, tryId));
    return couponId;
  });
  return (await myCouponsByIds(await getDb(), userId, [id]))[0];
}

/** The template a code gives: a template's public code, or a batch code, marked redeemed by this shopper. */
async function codeTemplate(tx: Tx, userId: number, code: string, now: Date): Promise<number> {
  const [pub] = await tx.select({ id: couponTemplates.id }).from(couponTemplates).where(and(eq(couponTemplates.code, code), eq(couponTemplates.issue, 'code')));
  if (pub) return pub.id;
  const [batch] = await tx
    .update(couponCodes)
    .set({ redeemedBy: userId, redeemedAt: now })
    .where(and(eq(couponCodes.codeHash, sha256(code)), isNull(couponCodes.redeemedAt)))
    .returning({ templateId: couponCodes.templateId });
  if (batch) return batch.templateId;
  const [used] = await tx.select({ id: couponCodes.id }).from(couponCodes).where(eq(couponCodes.codeHash, sha256(code)));
  throw used ? conflict('该优惠码已被使用') : badRequest('优惠码不正确');
}

/**
 * Takes one of the shopper's COUPON_CODE_TRIES_PER_HOUR tries before a code is looked up, under the
 * shopper's lock, so guessing codes stops at the limit however many guesses arrive at once
 * (docs/coupons.md#codes). A redeemed code gives its try back.
 */
async function takeCodeTry(userId: number, now: Date): Promise<number> {
  return withTx((tx) =>
    takeHourlyTry(tx, 'coupon_code', couponCodeTries, userId, {
      limit: COUPON_CODE_TRIES_PER_HOUR,
      message: '优惠码输入错误次数过多，请 1 小时后再试',
      now,
    }),
  );
}

/** 新人券: one of each registration template still issuable, in the transaction that made the account. */
export async function grantRegistrationCoupons(tx: Tx, userId: number): Promise<number> {
  const now = new Date();
  const templates = await tx.select({ id: couponTemplates.id }).from(couponTemplates).where(and(eq(couponTemplates.issue, 'register'), issuable(now)));
  let given = 0;
  for (const t of templates) {
    // One that ran out meanwhile is skipped: a savepoint keeps the account and the others.
    try {
      await tx.transaction((sp) => issue(sp, eq(couponTemplates.id, t.id), userId, 'register', now));
      given++;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
  }
  return given;
}

/** The coupon centre: the claimable templates, each with what this shopper may do (a visitor: 立即领取). */
export async function couponCentre(userId: number | null): Promise<CentreCoupon[]> {
  const db = await getDb();
  const now = new Date();
  const rows = await db
    .select()
    .from(couponTemplates)
    .where(and(eq(couponTemplates.issue, 'claim'), isNull(couponTemplates.stoppedAt), or(eq(couponTemplates.validityType, 'days'), gt(couponTemplates.endsAt, now))))
    .orderBy(desc(couponTemplates.createdAt), desc(couponTemplates.id));
  const claims = userId && rows.length
    ? await db.select().from(couponClaims).where(and(eq(couponClaims.userId, userId), inArray(couponClaims.templateId, rows.map((r) => r.id))))
    : [];
  const scopes = await scopeTexts(db, rows);
  return rows.map((t) => {
    const mine = claims.find((c) => c.templateId === t.id)?.claimed ?? 0;
    const soldOut = isSoldOut(t);
    return {
      templateId: t.id,
      ...wordsOf(t, scopes.get(t.id)!),
      validityText: validityText(t),
      state: mine >= t.perUserLimit ? 'claimed' : soldOut ? 'sold_out' : 'claimable',
      takenPercent: t.total === null ? null : Math.min(100, Math.floor((t.issued * 100) / t.total)),
    };
  });
}

type CouponRow = typeof coupons.$inferSelect;

/** A shopper's coupon as the API answers it; `orderNo` is the order that used it (shown once used). */
export function toMyCoupon(c: CouponRow, t: TemplateRow, scopeText: string, orderNo: string | null, now: Date): MyCoupon {
  return {
    id: c.id,
    ...wordsOf(t, scopeText),
    status: c.status === 'used' ? 'used' : c.endsAt <= now ? 'expired' : 'unused',
    startsAt: iso(c.startsAt),
    endsAt: iso(c.endsAt),
    orderNo: c.status === 'used' ? orderNo : null,
  };
}

/**
 * Coupons just given to the shopper (领取, a code), as 我的优惠券 shows them. A new coupon is unused, so
 * the order's number is asked of the order module only for one used meanwhile (no query otherwise).
 */
async function myCouponsByIds(db: DbOrTx, userId: number, ids: number[]): Promise<MyCoupon[]> {
  const now = new Date();
  const rows = await db
    .select({ c: coupons, t: couponTemplates })
    .from(coupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
    .where(and(eq(coupons.userId, userId), inArray(coupons.id, ids)))
    .orderBy(asc(coupons.endsAt), desc(coupons.id));
  const usedBy = rows.flatMap(({ c }) => (c.status === 'used' && c.orderId !== null ? [c.orderId] : []));
  const [scopes, orderNos] = await Promise.all([scopeTexts(db, rows.map((r) => r.t)), orderNumbers(db, usedBy)]);
  return rows.map(({ c, t }) => toMyCoupon(c, t, scopes.get(t.id)!, c.orderId === null ? null : (orderNos.get(c.orderId) ?? null), now));
}
