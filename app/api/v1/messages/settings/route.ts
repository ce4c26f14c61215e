import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { getMessageSettings, saveMessageSettings } from '@/lib/server/modules/messages';

export const dynamic = 'force-dynamic';

/** 消息设置: { sms: { trade, aftersale, promotion, service } } (docs/messages.md#settings). */
export const GET = handle(async (req) => ok(await getMessageSettings((await requireUser(req)).id)));

export const PUT = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await saveMessageSettings(user.id, await readJson(req)), '已保存');
});
