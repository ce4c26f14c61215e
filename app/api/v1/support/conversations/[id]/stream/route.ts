import { findSessionUser } from '@/lib/server/modules/accounts';
import { requireUser, tokenFromRequest } from '@/lib/server/http/auth';
import { handle } from '@/lib/server/http/envelope';
import { idParam } from '@/lib/server/http/params';
import { assertOwnConversation, conversationStream } from '@/lib/server/modules/support';

export const dynamic = 'force-dynamic';

/**
 * The conversation as server-sent events (docs/support.md#live-delivery). Resumes after Last-Event-ID
 * (or `?after=`); ends when the caller's session does. `X-Accel-Buffering: no` tells nginx not to hold
 * the events back (the cluster's front also turns buffering off for this path).
 */
export const GET = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const user = await requireUser(req);
  const id = await idParam(ctx.params);
  await assertOwnConversation(user.id, id);
  const token = tokenFromRequest(req);
  const from = req.headers.get('last-event-id') ?? new URL(req.url).searchParams.get('after') ?? '0';
  const after = /^\d{1,10}$/.test(from) ? Number(from) : 0;
  const alive = async () => (await findSessionUser(token))?.id === user.id;
  return new Response(conversationStream({ userId: user.id, conversationId: id, after, alive, signal: req.signal }), {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
    },
  });
});
