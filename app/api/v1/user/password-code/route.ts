import { requireUser } from '@/lib/server/http/auth';
import { clientIp } from '@/lib/server/http/client-ip';
import { handle, ok } from '@/lib/server/http/envelope';
import { requestPasswordCode } from '@/lib/server/modules/accounts';

export const POST = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await requestPasswordCode(user.id, clientIp(req)), '验证码已发送');
});
