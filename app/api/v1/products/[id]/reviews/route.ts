import { notFound } from '@/lib/server/errors';
import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { cachedProduct } from '@/lib/server/modules/catalog';
import { cachedProductReviews } from '@/lib/server/views/product-reviews';
import { parseProductIdParam } from '@/lib/validation/catalog';
import { reviewListQuerySchema } from '@/lib/validation/review-list';

export const dynamic = 'force-dynamic';

/** A product's visible reviews: the summary and one page of one filter (docs/api.md#product-reviews). */
export const GET = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const id = parseProductIdParam((await ctx.params).id);
  const product = id === null ? null : await cachedProduct(id);
  if (!product || id === null) throw notFound('商品不存在或已下架');
  const q = reviewListQuerySchema.parse(searchParams(req));
  return ok(await cachedProductReviews(id, q.filter, q.page));
});
