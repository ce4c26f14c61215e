import { limitAddress } from '@/lib/server/http/address-limit';
import { clientIp } from '@/lib/server/http/client-ip';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requestLoginCode } from '@/lib/server/modules/accounts';

export const POST = handle(async (req) => {
  await limitAddress(req, 'smsCode');
  return ok(await requestLoginCode(await readJson(req), clientIp(req)), '验证码已发送');
});
