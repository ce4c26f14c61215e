import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { listServiceCodes } from '@/lib/server/views/service-codes';

export const dynamic = 'force-dynamic';

/** 我的服务: the shopper's own activation codes, paged. */
export const GET = handle(async (req) => ok(await listServiceCodes((await requireUser(req)).id, searchParams(req))));
