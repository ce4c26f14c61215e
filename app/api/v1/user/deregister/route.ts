import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { deregister } from '@/lib/server/flows/deregister';

export const POST = handle(async (req) => {
  const user = await requireUser(req);
  await deregister(user.id, await readJson(req));
  return ok(null, '账号已注销');
});
