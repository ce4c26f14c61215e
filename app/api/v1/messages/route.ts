import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { listMessages } from '@/lib/server/modules/messages';

export const dynamic = 'force-dynamic';

/** 消息中心: ?category=&page=&pageSize= (docs/messages.md#api). */
export const GET = handle(async (req) => ok(await listMessages((await requireUser(req)).id, searchParams(req))));
