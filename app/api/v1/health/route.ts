import { RESULT } from '@/lib/api/protocol';
import { handle } from '@/lib/server/http/envelope';
import { readiness } from '@/lib/server/readiness';

export const dynamic = 'force-dynamic';

/** Ready: 200; a part not ready: 503 naming it (docs/api.md#health). Polled by the supervisor and nginx. */
export const GET = handle(async () => {
  const { ready, db, redis, build, mode } = await readiness();
  const data = { status: ready ? 'ok' : 'not ready', db: db.kind, database: db.status, redis, build, mode };
  const notReady = [db.status, redis].filter((s) => s !== 'ok' && s !== 'unused');
  return Response.json(
    { resultCode: ready ? RESULT.OK : RESULT.UNAVAILABLE, message: ready ? 'ok' : `未就绪：${notReady.join('；')}`, data },
    { status: ready ? 200 : RESULT.UNAVAILABLE, headers: { 'cache-control': 'no-store' } },
  );
});
