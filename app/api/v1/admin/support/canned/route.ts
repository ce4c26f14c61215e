import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { addCanned, listCanned } from '@/lib/server/modules/support';

/** The operator's own 常用语. */
export const GET = handle(async (req) => {
  const operator = await requireOperator(req);
  return ok({ items: await listCanned(operator.id) });
});

export const POST = handle(async (req) => {
  const operator = await requireOperator(req);
  return ok(await addCanned(operator.id, await readJson(req)), '已添加');
});
