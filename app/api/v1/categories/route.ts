import { handle, ok } from '@/lib/server/http/envelope';
import { cachedCategories } from '@/lib/server/modules/catalog';

export const dynamic = 'force-dynamic';

export const GET = handle(async () => {
  const cats = await cachedCategories();
  return ok(cats.map(({ id, slug, name }) => ({ id, slug, name })));
});
