/**
 * Whether this instance can serve (GET /api/v1/health, docs/cluster.md#health): the database answers
 * a `select 1`, and Redis a PING where REDIS_URL is set. Each check has a short deadline, so a
 * database or Redis that hangs makes the answer "not ready" quickly instead of holding the poller.
 * It also names the build (the BUILD_ID, to see which version an instance runs) and the mode.
 */
import { sql } from 'drizzle-orm';
import { servedBuildId } from './build-id';
import { getDbHandle } from './db/client';
import { redisClient, redisReady } from './redis/client';
import { shopMode, type ShopMode } from '../site';

const DB_CHECK_MS = 3_000;
const REDIS_CHECK_MS = 1_000;

type Check = 'ok' | 'unused' | string;

export type Readiness = {
  ready: boolean;
  db: { kind: 'pglite' | 'postgres' | null; status: Check };
  redis: Check;
  build: string;
  mode: ShopMode;
};

function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}在 ${ms} ms 内没有应答`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function checkDb(): Promise<Readiness['db']> {
  try {
    return await within(
      (async () => {
        const { db, kind } = await getDbHandle();
        await db.execute(sql`select 1`);
        return { kind, status: 'ok' } as const;
      })(),
      DB_CHECK_MS,
      '数据库',
    );
  } catch (err) {
    return { kind: null, status: `数据库不可用：${reason(err)}` };
  }
}

async function checkRedis(): Promise<Check> {
  const client = redisClient();
  if (!client) return 'unused';
  try {
    if (!(await redisReady(client, REDIS_CHECK_MS))) return `Redis 未连接（${client.status}）`;
    await within(client.ping(), REDIS_CHECK_MS, 'Redis ');
    return 'ok';
  } catch (err) {
    return `Redis 不可用：${reason(err)}`;
  }
}

export async function readiness(): Promise<Readiness> {
  const [db, redis] = await Promise.all([checkDb(), checkRedis()]);
  return {
    ready: db.status === 'ok' && (redis === 'ok' || redis === 'unused'),
    db,
    redis,
    build: servedBuildId(),
    mode: shopMode(),
  };
}
