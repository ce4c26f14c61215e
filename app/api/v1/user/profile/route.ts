import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { getProfile, updateProfile } from '@/lib/server/modules/accounts';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await getProfile((await requireUser(req)).id)));

export const PUT = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await updateProfile(user.id, await readJson(req)), '已保存');
});
