import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson, searchParams } from '@/lib/server/http/envelope';
import { createAfterSale } from '@/lib/server/modules/after-sales';
import { listAfterSales } from '@/lib/server/views/my-after-sales';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await listAfterSales((await requireUser(req)).id, searchParams(req))));

export const POST = handle(async (req) => ok(await createAfterSale((await requireUser(req)).id, await readJson(req)), '售后申请已提交'));
