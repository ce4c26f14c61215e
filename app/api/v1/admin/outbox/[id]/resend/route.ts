import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { resendEvent } from '@/lib/server/modules/outbox';

export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  const r = await resendEvent(operator.id, await idParam(ctx.params));
  return ok(r, r.delivered ? '已重新发送' : '重新发送仍未成功，稍后会自动重试');
});
