import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { unreadCounts } from '@/lib/server/modules/messages';

export const dynamic = 'force-dynamic';

/** The badges: { total, byCategory } (docs/messages.md#api). */
export const GET = handle(async (req) => ok(await unreadCounts((await requireUser(req)).id)));
