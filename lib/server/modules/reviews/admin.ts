/**
 * 评价 in the operator console (docs/reviews.md, docs/api.md#operator-endpoints): every review with
 * filters and a search, one review with its photos, 追评 and audit trail, and the three moves —
 * 隐藏 (with a reason), 恢复显示, 商家回复 (a second reply replaces the first). Each move is a
 * guarded update with its audit row in one transaction; then the product's cached page is told.
 */
import 'server-only';
import { and, asc, desc, eq, gte, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ratingBucket, RATING_LABEL, type ReviewPhoto } from '../../../domain/review';
import { maskPhone } from '../../../validation/phone';
import { adminReviewQuerySchema, reviewHideSchema, reviewReplySchema, type ReviewStars } from '../../../validation/review-admin';
import { productsChanged } from '../../cache/cache-revalidate';
import { getDb, withTx, type DbOrTx } from '../../db/client';
import { countRows, paged, type Page } from '../../db/paged';
import { orders, orderItems, products, reviews, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { iso } from '../../iso';
import { log } from '../../log';
import { listAudit, writeAudit, type AuditRow } from '../audit';
import { hasPhotos } from './read';
import { photosOfReviews, reviewParts } from './shown';

type ReviewRow = typeof reviews.$inferSelect;

export type AdminReview = {
  id: number;
  productId: number;
  productName: string;
  skuName: string;
  rating: number;
  ratingLabel: string;
  bucket: ReturnType<typeof ratingBucket>;
  content: string;
  photos: ReviewPhoto[];
  anonymous: boolean;
  /** The shopper as the console names one: nickname and masked phone. */
  buyer: string;
  orderNo: string;
  createdAt: string;
  append: { content: string; photos: ReviewPhoto[]; createdAt: string } | null;
  reply: { content: string; createdAt: string } | null;
  hidden: { at: string; reason: string } | null;
};

export type AdminReviewDetail = AdminReview & { audit: AuditRow[] };

export type AdminReviewList = Page<AdminReview> & {
  /** The products that have reviews, for the product filter. */
  products: { id: number; name: string }[];
};

const buyerName = (phone: string, nickname: string | null) => `${nickname ? `${nickname} ` : ''}${maskPhone(phone)}`;

const STARS: Record<ReviewStars, SQL> = {
  good: gte(reviews.rating, 4),
  neutral: eq(reviews.rating, 3),
  bad: lte(reviews.rating, 2),
  '5': eq(reviews.rating, 5),
  '4': eq(reviews.rating, 4),
  '3': eq(reviews.rating, 3),
  '2': eq(reviews.rating, 2),
  '1': eq(reviews.rating, 1),
};

type Joined = { r: ReviewRow; productName: string; orderNo: string; phone: string; nickname: string | null };

const joined = (db: DbOrTx) =>
  db
    .select({ r: reviews, productName: orderItems.productName, orderNo: orders.orderNo, phone: users.phone, nickname: users.nickname })
    .from(reviews)
    .innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .innerJoin(users, eq(users.id, reviews.userId));

async function view(db: DbOrTx, rows: Joined[]): Promise<AdminReview[]> {
  const photos = await photosOfReviews(
    db,
    rows.map((x) => x.r.id),
  );
  return rows.map(({ r, productName, orderNo, phone, nickname }) => ({
    id: r.id,
    productId: r.productId,
    productName,
    skuName: r.skuName,
    rating: r.rating,
    ratingLabel: RATING_LABEL[r.rating],
    bucket: ratingBucket(r.rating),
    content: r.content,
    anonymous: r.anonymous,
    buyer: buyerName(phone, nickname),
    orderNo,
    createdAt: iso(r.createdAt),
    ...reviewParts(r, photos(r.id)),
    hidden: r.hiddenAt ? { at: iso(r.hiddenAt), reason: r.hiddenReason ?? '' } : null,
  }));
}

export async function listAdminReviews(query: unknown): Promise<AdminReviewList> {
  const q = adminReviewQuerySchema.parse(query);
  const db = await getDb();
  const text = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    q.productId ? eq(reviews.productId, q.productId) : undefined,
    q.stars ? STARS[q.stars] : undefined,
    q.photos ? hasPhotos : undefined,
    q.replied === 'yes' ? isNotNull(reviews.repliedAt) : q.replied === 'no' ? isNull(reviews.repliedAt) : undefined,
    q.hidden === 'yes' ? isNotNull(reviews.hiddenAt) : q.hidden === 'no' ? isNull(reviews.hiddenAt) : undefined,
    text ? or(ilike(orders.orderNo, text), ilike(users.phone, text), ilike(reviews.content, text), ilike(reviews.appendContent, text)) : undefined,
  );
  const count = db
    .select({ total: countRows })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(where);
  const rows = joined(db).where(where).orderBy(desc(reviews.createdAt), desc(reviews.id)).$dynamic();
  const [page, reviewed] = await Promise.all([
    paged(q, count, rows, (r) => view(db, r)),
    db.select({ id: products.id, name: products.name }).from(products).where(sql`exists (select 1 from reviews r where r.product_id = ${products.id})`).orderBy(asc(products.name), asc(products.id)),
  ]);
  return { ...page, products: reviewed };
}

async function findReview(db: DbOrTx, id: number): Promise<AdminReview> {
  const [row] = await joined(db).where(eq(reviews.id, id));
  if (!row) throw notFound('评价不存在');
  return (await view(db, [row]))[0];
}

export async function getAdminReview(id: number): Promise<AdminReviewDetail> {
  const db = await getDb();
  const [review, audit] = await Promise.all([findReview(db, id), listAudit({ entity: 'review', entityId: String(id), pageSize: 50 })]);
  return { ...review, audit: audit.items };
}

type Move = 'review.hide' | 'review.show' | 'review.reply';

/**
 * One console move on a review: `work` reads the row (locked) and makes its guarded update, giving
 * the audit's before and after; the audit row commits with it; then the product page renders fresh
 * on every instance (a hidden review leaves its list and its average; a reply shows under it).
 */
async function operate(actorUserId: number, id: number, action: Move, work: (tx: Parameters<Parameters<typeof withTx>[0]>[0], r: ReviewRow) => Promise<{ before: unknown; after: unknown }>) {
  const productId = await withTx(async (tx) => {
    const [r] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!r) throw notFound('评价不存在');
    const { before, after } = await work(tx, r);
    await writeAudit(tx, { actorUserId, action, entity: 'review', entityId: id, before, after });
    return r.productId;
  });
  log.info({ reviewId: id, actorUserId, action }, 'review console operation');
  productsChanged([productId]);
  return getAdminReview(id);
}

export function hideReview(actorUserId: number, id: number, input: unknown): Promise<AdminReviewDetail> {
  const v = reviewHideSchema.parse(input);
  return operate(actorUserId, id, 'review.hide', async (tx, r) => {
    const moved = await tx
      .update(reviews)
      .set({ hiddenAt: new Date(), hiddenReason: v.reason, updatedAt: new Date() })
      .where(and(eq(reviews.id, r.id), isNull(reviews.hiddenAt)))
      .returning({ id: reviews.id });
    if (!moved.length) throw conflict('该评价已隐藏，无需再次隐藏');
    return { before: { hidden: false }, after: { hidden: true, reason: v.reason } };
  });
}

export function showReview(actorUserId: number, id: number): Promise<AdminReviewDetail> {
  return operate(actorUserId, id, 'review.show', async (tx, r) => {
    const moved = await tx
      .update(reviews)
      .set({ hiddenAt: null, hiddenReason: null, updatedAt: new Date() })
      .where(and(eq(reviews.id, r.id), isNotNull(reviews.hiddenAt)))
      .returning({ id: reviews.id });
    if (!moved.length) throw conflict('该评价正在显示，无需恢复');
    return { before: { hidden: true, reason: r.hiddenReason }, after: { hidden: false } };
  });
}

/** 商家回复: one per review; replying again replaces the text and its time (the audit keeps the earlier one). */
export function replyReview(actorUserId: number, id: number, input: unknown): Promise<AdminReviewDetail> {
  const v = reviewReplySchema.parse(input);
  return operate(actorUserId, id, 'review.reply', async (tx, r) => {
    await tx.update(reviews).set({ reply: v.content, repliedAt: new Date(), updatedAt: new Date() }).where(eq(reviews.id, r.id));
    return { before: { reply: r.reply }, after: { reply: v.content } };
  });
}

/** 待回复差评 on the console's overview: shown 1–2 star reviews with no reply yet. */
export async function badReviewsToReply(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: countRows }).from(reviews).where(and(lte(reviews.rating, 2), isNull(reviews.repliedAt), isNull(reviews.hiddenAt)));
  return row.n;
}
