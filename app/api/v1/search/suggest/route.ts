import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { cachedSuggestions } from '@/lib/server/views/product-cards-cached';
import { normalizeSearch } from '@/lib/domain/search-words';

export const dynamic = 'force-dynamic';

/** GET /search/suggest?q=: the words and product names what was typed completes; nothing typed, nothing suggested. */
export const GET = handle(async (req) => ok(await cachedSuggestions(normalizeSearch(searchParams(req).q ?? '').toLowerCase())));
