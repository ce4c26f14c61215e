import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { idParam } from '@/lib/server/http/params';
import { cancelStockNotice, subscribeStockNotice } from '@/lib/server/modules/shopper-lists';
import { listStockNotices } from '@/lib/server/views/stock-notices';

type Ctx = { params: Promise<{ id: string }> };

export const dynamic = 'force-dynamic';

/** The segment is the option's (SKU's) id: one waiting notice per shopper and option. */
export const PUT = handle(async (req, ctx: Ctx) => {
  const user = await requireUser(req);
  await subscribeStockNotice(user.id, await idParam(ctx.params));
  return ok(await listStockNotices(user.id), '到货后将短信通知您');
});

export const DELETE = handle(async (req, ctx: Ctx) => {
  const user = await requireUser(req);
  await cancelStockNotice(user.id, await idParam(ctx.params));
  return ok(await listStockNotices(user.id), '已取消到货通知');
});
