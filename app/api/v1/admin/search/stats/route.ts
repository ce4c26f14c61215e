import { SEARCH_STATS_DAYS, SEARCH_STATS_ROWS } from '@/lib/domain/search-words';
import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { searchQueryStats } from '@/lib/server/modules/search';

export const dynamic = 'force-dynamic';

/** GET /admin/search/stats: the last SEARCH_STATS_DAYS days' top queries and the queries that found nothing. */
export const GET = handle(async (req) => {
  await requireOperator(req);
  return ok({ days: SEARCH_STATS_DAYS, ...(await searchQueryStats(SEARCH_STATS_DAYS, SEARCH_STATS_ROWS)) });
});
