import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { addSynonym, listSynonyms } from '@/lib/server/modules/search';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => {
  await requireOperator(req);
  return ok({ items: await listSynonyms() });
});

export const POST = handle(async (req) => {
  const operator = await requireOperator(req);
  const s = await addSynonym(operator.id, await readJson(req));
  return ok(s, `已添加：搜索「${s.word}」时也找「${s.target}」`);
});
