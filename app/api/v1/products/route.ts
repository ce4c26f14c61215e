import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { cachedProductList } from '@/lib/server/views/product-cards-cached';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await cachedProductList(searchParams(req))));
