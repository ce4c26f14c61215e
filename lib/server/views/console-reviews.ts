/**
 * The console's 评价: every review with filters and search, one review with its photos, 追评 and audit trail.
 *
 * 评价 in the operator console (docs/reviews.md, docs/api.md#operator-endpoints): every review with
 * filters and a search, one review with its photos, 追评 and audit trail. A view: each review is
 * shown with its order's number and line and the shopper's name. The moves are the reviews module's.
 */
import 'server-only';
import { and, asc, desc, eq, gte, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ratingBucket, RATING_LABEL, type ReviewPhoto } from '../../domain/review';
import { maskPhone } from '../../validation/phone';
import { adminReviewQuerySchema, type ReviewStars } from '../../validation/review-admin';
import { getDb, type DbOrTx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { orders, orderItems, products, reviews, users } from '../db/schema';
import { notFound } from '../errors';
import { iso } from '../iso';
import { listAudit, type AuditRow } from './audit-log';
import { hasPhotos } from '../modules/reviews';
import { photosOfReviews, reviewParts } from './review-photos';

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
