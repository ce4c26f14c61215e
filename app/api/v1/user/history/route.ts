import { isBot } from '@/lib/web/device';
import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson, searchParams } from '@/lib/server/http/envelope';
import { clearHistory, recordView } from '@/lib/server/modules/shopper-lists';
import { listHistory } from '@/lib/server/views/browse-history';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await listHistory((await requireUser(req)).id)));

/** A view, sent by the product page after it loads; a crawler's is answered but never recorded. */
export const POST = handle(async (req) => {
  const user = await requireUser(req);
  if (isBot(req.headers.get('user-agent'))) return ok({ recorded: false });
  return ok(await recordView(user.id, await readJson(req)));
});

/** Clears the whole 足迹, or one product's view with ?productId=. */
export const DELETE = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await clearHistory(user.id, searchParams(req)), '已删除');
});
