/**
 * Photos shoppers upload (after-sales evidence): checked by their bytes (JPEG, PNG or WebP, at most
 * UPLOAD_MAX_BYTES), re-encoded without their metadata (reencode.ts), kept in the database so every instance of the shop serves them, readable by the
 * uploader and operators only (another shopper gets 404) unless it is a photo of a visible review
 * (the check asks the reviews and support modules: lib/server/flows/read-upload.ts).
 * At most UPLOADS_PER_USER_HOUR tries an hour per shopper, refused ones included, counted under a lock
 * on the shopper, so neither a burst nor a stream of refused files slips past the count.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { API_BASE } from '../../../api/protocol';
import { UPLOADS_PER_USER_HOUR } from '../../limits';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, UPLOAD_MAX_SIDE } from '../../../domain/uploads';
import { getDb, withTx, type DbOrTx } from '../../db/client';
import { uploads, uploadTries } from '../../db/schema';
import { badRequest } from '../../errors';
import { sniffImage, type SniffedImage } from '../../image-sniff';
import { takeHourlyTry } from '../../db/shopper-lock';
import { reencodePhoto } from './reencode';

/** Where a stored photo is served (reviews and after-sales requests show them). */
export const uploadUrl = (id: string) => `${API_BASE}/uploads/${id}`;

const MB = 1024 * 1024;

/**
 * Takes one of the shopper's UPLOADS_PER_USER_HOUR tries, before the body is read: a refused or failed
 * upload counts as much as a stored one (429 once they are used up).
 */
export async function takeUploadTry(userId: number): Promise<void> {
  await withTx((tx) =>
    takeHourlyTry(tx, 'upload', uploadTries, userId, {
      limit: UPLOADS_PER_USER_HOUR,
      message: `每小时最多上传 ${UPLOADS_PER_USER_HOUR} 张图片，请稍后再试`,
    }),
  );
}

const TOO_MANY_PIXELS = `图片尺寸过大，请上传不超过 ${UPLOAD_MAX_SIDE}×${UPLOAD_MAX_SIDE} 像素、${UPLOAD_MAX_PIXELS / 10_000} 万像素以内的图片`;

/**
 * The photo's size in pixels as its header states it, when that is a size the shop takes: both sides
 * 1 to UPLOAD_MAX_SIDE and at most UPLOAD_MAX_PIXELS in all. A size that is missing, zero or beyond
 * (a header may claim up to 2³²−1 a side, more than the database column holds) is null.
 */
function pixelSize(image: SniffedImage): { width: number; height: number } | null {
  const { width, height } = image;
  if (width === null || height === null) return null;
  const side = (n: number) => Number.isInteger(n) && n >= 1 && n <= UPLOAD_MAX_SIDE;
  return side(width) && side(height) && width * height <= UPLOAD_MAX_PIXELS ? { width, height } : null;
}

/** Stores a photo the shopper sent (their try already taken by takeUploadTry). */
export async function saveUpload(userId: number, file: unknown): Promise<{ id: string; url: string; width: number; height: number }> {
  if (!(file instanceof Blob) || file.size === 0) throw badRequest('请选择要上传的图片');
  if (file.size > UPLOAD_MAX_BYTES) throw badRequest(`图片不能超过 ${UPLOAD_MAX_BYTES / MB} MB`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = sniffImage(bytes);
  if (!image) throw badRequest('只支持 JPG、PNG、WebP 格式的图片');
  const size = pixelSize(image);
  if (!size) throw badRequest(TOO_MANY_PIXELS);
  // Stored re-encoded, never as sent: upright, without EXIF/GPS, at most UPLOAD_STORED_SIDE a side.
  const kept = await reencodePhoto(bytes, image.type);
  const id = randomBytes(16).toString('hex');
  const db = await getDb();
  await db.insert(uploads).values({ id, userId, contentType: image.type, sizeBytes: kept.bytes.byteLength, width: kept.width, height: kept.height, bytes: kept.bytes });
  return { id, url: uploadUrl(id), width: kept.width, height: kept.height };
}

/** A stored photo's owner, bytes and type; null for an unknown id. Who may see it: lib/server/flows/read-upload.ts. */
export async function findUpload(db: DbOrTx, id: string): Promise<{ userId: number; bytes: Uint8Array; contentType: string } | null> {
  const [row] = await db.select({ userId: uploads.userId, bytes: uploads.bytes, contentType: uploads.contentType }).from(uploads).where(eq(uploads.id, id));
  return row ?? null;
}
