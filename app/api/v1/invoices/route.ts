import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson, searchParams } from '@/lib/server/http/envelope';
import { requestInvoice } from '@/lib/server/modules/invoice';
import { getInvoice, listInvoices } from '@/lib/server/views/invoices';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await listInvoices((await requireUser(req)).id, searchParams(req))));

export const POST = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await getInvoice(user.id, await requestInvoice(user.id, await readJson(req))), '开票申请已提交');
});
