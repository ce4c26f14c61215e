import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { listInvoiceTitles } from '@/lib/server/modules/invoice';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await listInvoiceTitles((await requireUser(req)).id)));
