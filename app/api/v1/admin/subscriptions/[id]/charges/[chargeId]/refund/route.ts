import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { refundAutoCharge } from '@/lib/server/flows/refund-auto-charge';

export const dynamic = 'force-dynamic';

/** 退还自动续费: `{ reason? }`, a year 自动续费 charged given back within 7 days (docs/subscriptions.md#refunds-of-renewals). */
export const POST = handle(async (req, ctx: { params: Promise<{ id: string; chargeId: string }> }) => {
  const operator = await requireOperator(req);
  const id = await idParam(ctx.params);
  const { chargeId } = await ctx.params;
  return ok(await refundAutoCharge(operator.id, id, chargeId, await readJson(req)), '已退还本次自动续费');
});
