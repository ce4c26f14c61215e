import { countSearch } from '@/lib/server/flows/log-search';
import { limitAddress } from '@/lib/server/http/address-limit';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { searchTextSchema } from '@/lib/validation/search';

/** POST /search/log { q }: the results page's beacon, one count per page shown (docs/decisions/search.md#the-query-log). */
export const POST = handle(async (req) => {
  await limitAddress(req, 'searchLog');
  const { q } = searchTextSchema.parse(await readJson(req));
  return ok(await countSearch(q));
});
