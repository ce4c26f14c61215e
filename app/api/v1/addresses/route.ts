import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { createAddress, listAddresses } from '@/lib/server/modules/accounts';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await listAddresses((await requireUser(req)).id)));

export const POST = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await createAddress(user.id, await readJson(req)), '已保存');
});
