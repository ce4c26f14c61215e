import { requireUser } from '@/lib/server/http/auth';
import { readCookie } from '@/lib/server/http/cookies';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { previewOrder } from '@/lib/server/flows/checkout';
import { CART_COOKIE } from '@/lib/web/sessions';

export const POST = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await previewOrder({ userId: user.id, anonToken: readCookie(req, CART_COOKIE) }, await readJson(req)));
});
