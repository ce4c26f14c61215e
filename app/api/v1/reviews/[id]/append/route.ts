import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { appendReview } from '@/lib/server/flows/review';

export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) =>
  ok(await appendReview((await requireUser(req)).id, (await ctx.params).id, await readJson(req)), '追评成功'),
);
