import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/v1/health/route';
import { envelope, get } from './helpers';

describe('GET /api/v1/health', () => {
  it('answers ok with the kind of database in use', async () => {
    const res = await GET(get('/health'), undefined);
    expect(res.status).toBe(200);
    const body = await envelope<{ status: string; db: string }>(res);
    expect(body).toEqual({ resultCode: 200, message: 'ok', data: { status: 'ok', db: process.env.TEST_DB } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
