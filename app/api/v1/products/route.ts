import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { cachedProductList } from '@/lib/server/modules/catalog';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await cachedProductList(searchParams(req))));
