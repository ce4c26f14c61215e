import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { idParam } from '@/lib/server/http/params';
import { deleteAddress, getAddress, updateAddress } from '@/lib/server/modules/accounts';

type Ctx = { params: Promise<{ id: string }> };

export const dynamic = 'force-dynamic';

export const GET = handle(async (req, ctx: Ctx) => ok(await getAddress((await requireUser(req)).id, await idParam(ctx.params))));

export const PUT = handle(async (req, ctx: Ctx) => {
  const user = await requireUser(req);
  return ok(await updateAddress(user.id, await idParam(ctx.params), await readJson(req)), '已保存');
});

export const DELETE = handle(async (req, ctx: Ctx) => {
  const user = await requireUser(req);
  await deleteAddress(user.id, await idParam(ctx.params));
  return ok(null, '已删除');
});
