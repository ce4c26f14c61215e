import { requireUser } from '@/lib/server/http/auth';
import { handle } from '@/lib/server/http/envelope';
import { readUpload } from '@/lib/server/services/uploads';

export const dynamic = 'force-dynamic';

/** A photo, to its uploader and operators only (404 otherwise). Its bytes never change: the browser may keep it, shared caches may not. */
export const GET = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const { bytes, contentType } = await readUpload(await requireUser(req), (await ctx.params).id);
  return new Response(Buffer.from(bytes), {
    headers: {
      'content-type': contentType,
      'cache-control': 'private, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline',
    },
  });
});
