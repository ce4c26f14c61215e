import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { listStockNotices } from '@/lib/server/views/stock-notices';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await listStockNotices((await requireUser(req)).id)));
