import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { cachedProductList } from '@/lib/server/services/catalog-cached';
import { productQuerySchema } from '@/lib/validation/catalog';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => {
  const query = productQuerySchema.parse(searchParams(req));
  return ok(await cachedProductList(query));
});
