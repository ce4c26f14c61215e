import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { createReview } from '@/lib/server/flows/review';

export const POST = handle(async (req) => ok(await createReview((await requireUser(req)).id, await readJson(req)), '评价成功'));
