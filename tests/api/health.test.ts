import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET } from '@/app/api/v1/health/route';
import { redisClient } from '@/lib/server/redis/client';
import { envelope, get } from './helpers';

/** The build the process serves: its dist dir's BUILD_ID, 'dev' where there is none (docs/api.md). */
function expectedBuild(): string {
  const file = path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : 'dev';
}

type Health = { status: string; db: string | null; database: string; redis: string; build: string; mode: string };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('GET /api/v1/health', () => {
  it('answers ok with the kind of database in use, the build and the mode', async () => {
    vi.stubEnv('REDIS_URL', '');
    const res = await GET(get('/health'), undefined);
    expect(res.status).toBe(200);
    const body = await envelope<Health>(res);
    expect(body).toEqual({
      resultCode: 200,
      message: 'ok',
      data: { status: 'ok', db: process.env.TEST_DB, database: 'ok', redis: 'unused', build: expectedBuild(), mode: 'demo' },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('checks Redis where REDIS_URL is set: ok when it answers', async () => {
    vi.stubEnv('REDIS_URL', process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379');
    const res = await GET(get('/health'), undefined);
    const body = await envelope<Health>(res);
    expect(res.status, body.message).toBe(200);
    expect(body.data?.redis).toBe('ok');
  });

  it('answers 503 naming Redis when the Redis of REDIS_URL does not answer, quickly', async () => {
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:1');
    const started = performance.now();
    const res = await GET(get('/health'), undefined);
    const ms = performance.now() - started;
    expect(res.status).toBe(503);
    const body = await (res.json() as Promise<{ resultCode: number; message: string; data: Health }>);
    expect(body.resultCode).toBe(503);
    expect(body.message).toMatch(/^未就绪：Redis/);
    expect(body.data).toMatchObject({ status: 'not ready', database: 'ok', mode: 'demo' });
    expect(ms).toBeLessThan(2_500);
    redisClient()?.disconnect();
  });

  it('says live mode when SHOP_MODE=live', async () => {
    vi.stubEnv('REDIS_URL', '');
    vi.stubEnv('SHOP_MODE', 'live');
    const res = await GET(get('/health'), undefined);
    expect(res.status).toBe(200);
    expect((await envelope<Health>(res)).data?.mode).toBe('live');
  });
});
