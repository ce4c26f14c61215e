/**
 * The per-address limits of the anonymous POSTs (docs/rules.md#address-limits), with
 * rate-limiter-flexible: counted in Redis when REDIS_URL is set, else in PostgreSQL when DATABASE_URL
 * is set (the address_limits table), so a limit holds across the instances of a cluster; else in this
 * process's memory, which is the whole shop (PGlite is one process). A store that fails counts in
 * memory meanwhile rather than answering 500 or letting everything through.
 * The route calls `limitAddress` first, before it reads the body: a refused request costs a counter.
 */
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ADDRESS_LIMITS } from '../limits';
import { RESULT } from '../../api/protocol';
import { onStop } from '../boot/stop-steps.mjs';
import { AppError } from '../errors';
import { redisClient } from '../redis/client';
import { settings } from '../settings/settings';
import { clientIp } from './client-ip';

export type AddressLimit = keyof typeof ADDRESS_LIMITS;

const KEY = Symbol.for('liangdun.address-limits');
const g = globalThis as typeof globalThis & { [KEY]?: Map<AddressLimit, RateLimiterAbstract> };

/** The limiter's own small pool: its upserts never wait behind the shop's queries for a connection. */
function postgresPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {}); // an idle connection dropped; the next query opens another
  onStop(() => pool.end().catch(() => {}));
  return pool;
}

function makeLimiters(): Map<AddressLimit, RateLimiterAbstract> {
  const redis = redisClient();
  const url = settings().DATABASE_URL;
  const pool = !redis && url ? postgresPool(url) : null;
  const limiters = new Map<AddressLimit, RateLimiterAbstract>();
  for (const [name, { points, seconds }] of Object.entries(ADDRESS_LIMITS) as [AddressLimit, { points: number; seconds: number }][]) {
    const base = { keyPrefix: `addr:${name}`, points, duration: seconds };
    const memory = new RateLimiterMemory(base);
    if (redis) limiters.set(name, new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: memory }));
    else if (pool) limiters.set(name, new RateLimiterPostgres({ ...base, storeClient: pool, storeType: 'pool', tableName: 'address_limits', tableCreated: true, insuranceLimiter: memory }));
    else limiters.set(name, memory);
  }
  return limiters;
}

function limiter(name: AddressLimit): RateLimiterAbstract {
  g[KEY] ??= makeLimiters();
  return g[KEY].get(name)!;
}

/**
 * Counts one request of `name` from the request's client address; throws 429 with Retry-After once the
 * address has used its allowance. Without a trustworthy address (next dev, next start: no server.mjs)
 * nothing is counted: one shared key would let any one visitor lock everyone out.
 */
export async function limitAddress(req: Request, name: AddressLimit): Promise<void> {
  const ip = clientIp(req);
  if (!ip) return;
  try {
    await limiter(name).consume(ip);
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw new AppError(RESULT.TOO_MANY, `当前网络操作太频繁，请 ${waitText(seconds)}后再试`, { retryAfterS: seconds });
  }
}

const waitText = (s: number) => (s < 60 ? `${s} 秒` : `${Math.ceil(s / 60)} 分钟`);
