import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { previewPriceProtect } from '@/lib/server/flows/price-protect';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await previewPriceProtect((await requireUser(req)).id, searchParams(req))));
