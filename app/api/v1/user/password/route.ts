import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { changePassword } from '@/lib/server/modules/accounts';

export const PUT = handle(async (req) => {
  const user = await requireUser(req);
  await changePassword(user.id, user.sessionId, await readJson(req));
  return ok(null, '密码已更新');
});
