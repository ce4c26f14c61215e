import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/v1/health/route';
import { envelope, get } from './helpers';

/** The build the process serves: its dist dir's BUILD_ID, 'dev' where there is none (docs/api.md). */
function expectedBuild(): string {
  const file = path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : 'dev';
}

describe('GET /api/v1/health', () => {
  it('answers ok with the kind of database in use and the build served', async () => {
    const res = await GET(get('/health'), undefined);
    expect(res.status).toBe(200);
    const body = await envelope<{ status: string; db: string; build: string }>(res);
    expect(body).toEqual({ resultCode: 200, message: 'ok', data: { status: 'ok', db: process.env.TEST_DB, build: expectedBuild() } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
