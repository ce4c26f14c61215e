import { handle, okPublic } from '@/lib/server/http/envelope';
import { cachedSuggestions } from '@/lib/server/views/product-cards-cached';
import { normalizeSearch } from '@/lib/domain/search-words';

/**
 * GET /search/suggest?q= as Next caches it (next.config.ts rewrites the query into this path): one
 * answer per prefix, kept under the catalog's and the search's tags until one is revalidated, and
 * server.mjs's page cache answers repeats without Next (docs/decisions/search.md#suggestions).
 */
export const dynamic = 'force-static';

export async function generateStaticParams(): Promise<{ q: string }[]> {
  return [];
}

export const GET = handle(async (_req, ctx: { params: Promise<{ q: string }> }) => okPublic(await cachedSuggestions(normalizeSearch((await ctx.params).q).toLowerCase())));
