import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { getAdminProduct, updateProduct } from '@/lib/server/modules/catalog';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

export const GET = handle(async (req, ctx: Ctx) => {
  await requireOperator(req);
  return ok(await getAdminProduct(await idParam(ctx.params)));
});

export const PUT = handle(async (req, ctx: Ctx) => {
  const operator = await requireOperator(req);
  return ok(await updateProduct(operator.id, await idParam(ctx.params), await readJson(req)), '商品已保存');
});
