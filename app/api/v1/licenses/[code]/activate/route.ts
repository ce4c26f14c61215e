import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { activateLicense } from '@/lib/server/flows/activate-code';

export const POST = handle(async (req, ctx: { params: Promise<{ code: string }> }) =>
  ok(await activateLicense((await requireUser(req)).id, decodeURIComponent((await ctx.params).code)), '激活成功'),
);
