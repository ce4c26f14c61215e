import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { updateSkuPrices } from '@/lib/server/flows/update-sku';

export const dynamic = 'force-dynamic';

export const PUT = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  return ok(await updateSkuPrices(operator.id, await idParam(ctx.params), await readJson(req)), '价格和库存已保存');
});
