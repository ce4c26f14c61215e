import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { previewAfterSale } from '@/lib/server/modules/after-sales';

export const dynamic = 'force-dynamic';

export const POST = handle(async (req) => ok(await previewAfterSale((await requireUser(req)).id, await readJson(req))));
