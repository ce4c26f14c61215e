import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { listMyReviews } from '@/lib/server/views/my-reviews';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await listMyReviews((await requireUser(req)).id, searchParams(req))));
