import { notFound } from '@/lib/server/errors';
import { handle, ok } from '@/lib/server/http/envelope';
import { cachedProduct } from '@/lib/server/modules/catalog';
import { parseProductIdParam } from '@/lib/validation/catalog';

export const dynamic = 'force-dynamic';

export const GET = handle(async (_req, ctx: { params: Promise<{ id: string }> }) => {
  const id = parseProductIdParam((await ctx.params).id);
  const product = id === null ? null : await cachedProduct(id);
  if (!product) throw notFound('商品不存在或已下架');
  const { seo: _seo, updatedAt: _u, ...data } = product;
  return ok(data);
});
