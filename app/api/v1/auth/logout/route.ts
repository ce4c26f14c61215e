import { tokenFromRequest } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { logout } from '@/lib/server/modules/accounts';

export const POST = handle(async (req) => {
  await logout(tokenFromRequest(req));
  return ok(null, '已退出登录');
});
