/**
 * Photos shoppers upload (after-sales evidence): checked by their bytes (JPEG, PNG or WebP, at most
 * UPLOAD_MAX_BYTES), kept in the database so every instance of the shop serves them, readable by the
 * uploader and operators only (another shopper gets 404) unless it is a photo of a visible review.
 * At most UPLOADS_PER_USER_HOUR an hour per shopper, counted under a lock on the shopper, so a burst cannot slip past the count.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { OPERATOR_ROLE, UPLOAD_MAX_BYTES, UPLOADS_PER_USER_HOUR } from '../../constants';
import { UPLOAD_ID } from '../../validation/after-sale';
import { getDb, withTx } from '../db/client';
import { reviewPhotos, reviews, uploads } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { sniffImage } from '../image-sniff';
import { uploadUrl } from './after-sales/view';
import type { SessionUser } from './auth';
import { holdHourlyLimit } from '../db/shopper-lock';

const MB = 1024 * 1024;

export async function saveUpload(userId: number, file: unknown): Promise<{ id: string; url: string; width: number | null; height: number | null }> {
  if (!(file instanceof Blob) || file.size === 0) throw badRequest('请选择要上传的图片');
  if (file.size > UPLOAD_MAX_BYTES) throw badRequest(`图片不能超过 ${UPLOAD_MAX_BYTES / MB} MB`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = sniffImage(bytes);
  if (!image) throw badRequest('只支持 JPG、PNG、WebP 格式的图片');
  const id = randomBytes(16).toString('hex');
  await withTx(async (tx) => {
    await holdHourlyLimit(tx, 'upload', userId, {
      limit: UPLOADS_PER_USER_HOUR,
      message: `每小时最多上传 ${UPLOADS_PER_USER_HOUR} 张图片，请稍后再试`,
      countSince: async (since) => (await tx.select({ n: sql<number>`count(*)::int` }).from(uploads).where(and(eq(uploads.userId, userId), gt(uploads.createdAt, since))))[0].n,
    });
    await tx.insert(uploads).values({ id, userId, contentType: image.type, sizeBytes: bytes.byteLength, width: image.width, height: image.height, bytes });
  });
  return { id, url: uploadUrl(id), width: image.width, height: image.height };
}

/**
 * The photo's bytes. A photo of a visible review is public (anyone, logged in or not: `public`); any
 * other photo is for its uploader and operators only: `viewer` (asked only then) refuses a visitor,
 * another shopper gets 404. Hiding the review makes its photos private again.
 */
export async function readUpload(
  id: string,
  viewer: () => Promise<SessionUser>,
): Promise<{ bytes: Uint8Array; contentType: string; public: boolean }> {
  if (!UPLOAD_ID.test(id)) throw notFound('图片不存在');
  const db = await getDb();
  const [row] = await db.select({ userId: uploads.userId, bytes: uploads.bytes, contentType: uploads.contentType }).from(uploads).where(eq(uploads.id, id));
  const [inReview] = row
    ? await db
        .select({ id: reviewPhotos.id })
        .from(reviewPhotos)
        .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
        .where(and(eq(reviewPhotos.uploadId, id), isNull(reviews.hiddenAt)))
    : [];
  if (row && inReview) return { bytes: row.bytes, contentType: row.contentType, public: true };
  const who = await viewer();
  if (!row || (row.userId !== who.id && who.role !== OPERATOR_ROLE)) throw notFound('图片不存在');
  return { bytes: row.bytes, contentType: row.contentType, public: false };
}
