/**
 * What a photo may be (docs/after-sales.md#photos), for after-sales requests, reviews and 在线客服:
 * its size and kinds (checked by their bytes, not their name; the photo picker checks the same before
 * sending), its pixels, and how it is stored. Pure, so the browser reads it too.
 */

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/**
 * The largest photo in pixels, as its header states it: no side over UPLOAD_MAX_SIDE and at most
 * UPLOAD_MAX_PIXELS in all (a 5 MB file can claim billions of pixels; docs/after-sales.md#photos).
 */
export const UPLOAD_MAX_SIDE = 10_000;
export const UPLOAD_MAX_PIXELS = 40_000_000;
/**
 * Every photo is re-encoded before it is stored (docs/after-sales.md#photos): turned upright, its
 * metadata (EXIF, GPS, comments) dropped, and shrunk to at most UPLOAD_STORED_SIDE pixels a side —
 * more than a review or a request shows, and a 40-megapixel upload stored at a sensible size.
 */
export const UPLOAD_STORED_SIDE = 2_560;
/** The re-encoded JPEG's and WebP's quality (1–100). */
export const UPLOAD_STORED_QUALITY = 85;
