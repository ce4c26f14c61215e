import { handle, ok } from '@/lib/server/http/envelope';
import { cachedPopularSearches } from '@/lib/server/views/product-cards-cached';

export const dynamic = 'force-dynamic';

/** GET /search/popular: 热门搜索, from the shop's query log. */
export const GET = handle(async () => ok({ queries: await cachedPopularSearches() }));
