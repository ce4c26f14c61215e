import { REVIEW_PHOTO_MAX_AGE_SECONDS } from '@/lib/domain/review-rules';
import { requireUser } from '@/lib/server/http/auth';
import { handle } from '@/lib/server/http/envelope';
import { CSP_HEADER, UPLOAD_CSP } from '@/lib/web/security-headers.mjs';
import { readUpload } from '@/lib/server/flows/read-upload';

export const dynamic = 'force-dynamic';

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * A photo: a visible review's to anyone, any other to its uploader and operators only (404 otherwise).
 * A private photo's bytes never change: the browser may keep it, shared caches may not. A review
 * photo is kept by the browser only briefly, so hiding the review takes it down within minutes.
 * A file may be an image and HTML at once (a polyglot): it is served as what its bytes were taken for,
 * never sniffed, sandboxed, and named as an image, so no browser runs it as a page
 * (docs/after-sales.md#photos). next.config.ts sets the same policy over HTTP (it wins over this one).
 */
export const GET = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const id = (await ctx.params).id;
  const photo = await readUpload(id, () => requireUser(req));
  return new Response(Buffer.from(photo.bytes), {
    headers: {
      'content-type': photo.contentType,
      'cache-control': photo.public ? `private, max-age=${REVIEW_PHOTO_MAX_AGE_SECONDS}` : 'private, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
      [CSP_HEADER]: UPLOAD_CSP,
      'content-disposition': `inline; filename="photo-${id}.${EXTENSION[photo.contentType] ?? 'jpg'}"`,
    },
  });
});
