import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson, searchParams } from '@/lib/server/http/envelope';
import { createAfterSale } from '@/lib/server/modules/after-sales';
import { getAfterSale } from '@/lib/server/views/after-sale';
import { listAfterSales } from '@/lib/server/views/my-after-sales';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await listAfterSales((await requireUser(req)).id, searchParams(req))));

export const POST = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await getAfterSale(user.id, await createAfterSale(user.id, await readJson(req))), '售后申请已提交');
});
