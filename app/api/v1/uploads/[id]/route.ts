import { REVIEW_PHOTO_MAX_AGE_SECONDS } from '@/lib/constants';
import { requireUser } from '@/lib/server/http/auth';
import { handle } from '@/lib/server/http/envelope';
import { readUpload } from '@/lib/server/services/uploads';

export const dynamic = 'force-dynamic';

/**
 * A photo: a visible review's to anyone, any other to its uploader and operators only (404 otherwise).
 * A private photo's bytes never change: the browser may keep it, shared caches may not. A review
 * photo is kept by the browser only briefly, so hiding the review takes it down within minutes.
 */
export const GET = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const photo = await readUpload((await ctx.params).id, () => requireUser(req));
  return new Response(Buffer.from(photo.bytes), {
    headers: {
      'content-type': photo.contentType,
      'cache-control': photo.public ? `private, max-age=${REVIEW_PHOTO_MAX_AGE_SECONDS}` : 'private, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline',
    },
  });
});
