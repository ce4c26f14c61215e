import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson, searchParams } from '@/lib/server/http/envelope';
import { listInvoices, requestInvoice } from '@/lib/server/modules/invoice';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await listInvoices((await requireUser(req)).id, searchParams(req))));

export const POST = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await requestInvoice(user.id, await readJson(req)), '开票申请已提交');
});
