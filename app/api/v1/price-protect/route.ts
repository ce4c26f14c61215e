import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson, searchParams } from '@/lib/server/http/envelope';
import { claimPriceProtect, protectableLines } from '@/lib/server/flows/price-protect';
import { formatFen } from '@/lib/domain/money';
import { myClaims } from '@/lib/server/views/price-protect';

export const dynamic = 'force-dynamic';

/** 我的价保: the lines within a window now (each with what a claim refunds, or why not) and the claims made. */
export const GET = handle(async (req) => {
  const user = await requireUser(req);
  return ok({ lines: await protectableLines(user.id), claims: await myClaims(user.id, searchParams(req)) });
});

export const POST = handle(async (req) => {
  const user = await requireUser(req);
  const claim = await claimPriceProtect(user.id, await readJson(req));
  return ok(claim, `价保成功，${formatFen(claim.amountFen)} 将原路退回${claim.channel}`);
});
