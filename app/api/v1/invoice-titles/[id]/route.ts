import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { idParam } from '@/lib/server/http/params';
import { deleteInvoiceTitle } from '@/lib/server/modules/invoice';

type Ctx = { params: Promise<{ id: string }> };

export const dynamic = 'force-dynamic';

export const DELETE = handle(async (req, ctx: Ctx) => {
  const user = await requireUser(req);
  await deleteInvoiceTitle(user.id, await idParam(ctx.params));
  return ok(null, '已删除');
});
