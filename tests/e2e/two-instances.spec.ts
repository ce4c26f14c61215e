/**
 * Two shop processes on one PostgreSQL database (as behind a load balancer): the account limits are
 * taken in the database, so a burst split between the two instances gets no further than a burst at
 * one. PGlite is one process per data dir, so this runs on PostgreSQL only (E2E_DB=postgres).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SMS_MAX_ATTEMPTS } from '../../lib/constants';
import { createScratchDatabase } from '../../scripts/scratch-database.mjs';
import { E2E_PORT } from './env';
import { newPhone } from './login';

test.skip(process.env.E2E_DB !== 'postgres', 'two processes share a PostgreSQL database only');
test.skip(({ isMobile }) => isMobile, 'the server is the same for every device');
test.describe.configure({ timeout: 180_000 });

const PORTS = [E2E_PORT + 11, E2E_PORT + 12];

function start(port: number, databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ['server.mjs', '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, NODE_ENV: 'production', SHOP_MODE: 'demo', NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, TRUST_PROXY: '' },
    stdio: 'ignore',
  });
}

async function healthy(api: APIRequestContext, port: number) {
  await expect
    .poll(async () => (await api.get(`http://127.0.0.1:${port}/api/v1/health`).catch(() => null))?.status(), { timeout: 90_000, intervals: [500] })
    .toBe(200);
}

test('limits hold across two instances: one code for 60 requests, at most 5 guesses of it', async ({ playwright }) => {
  const db = await createScratchDatabase('shop_two');
  const servers: ChildProcess[] = [];
  const api = await playwright.request.newContext({ extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  try {
    // One after the other: the first applies the migrations, the second finds them applied.
    servers.push(start(PORTS[0], db.url));
    await healthy(api, PORTS[0]);
    servers.push(start(PORTS[1], db.url));
    await healthy(api, PORTS[1]);
    const at = (i: number, path: string) => `http://127.0.0.1:${PORTS[i % 2]}/api/v1${path}`;

    const phone = newPhone();
    const codes = await Promise.all(Array.from({ length: 60 }, (_, i) => api.post(at(i, '/auth/sms-code'), { data: { phone } })));
    const issued = codes.filter((r) => r.status() === 200);
    expect(issued).toHaveLength(1);
    expect(codes.filter((r) => r.status() === 429)).toHaveLength(59);
    const code: string = (await issued[0].json()).data.devCode;

    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(Array.from({ length: 60 }, (_, i) => api.post(at(i, '/auth/login'), { data: { phone, code: wrong } })));
    const messages = await Promise.all(guesses.map(async (r) => (await r.json()).message as string));
    expect(messages.filter((m) => m.startsWith('验证码错误')).length).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);
    expect(guesses.every((r) => r.status() === 400)).toBe(true);
    // Its attempts are spent: even the right code no longer logs in.
    const right = await api.post(at(0, '/auth/login'), { data: { phone, code } });
    expect(right.status()).toBe(400);
  } finally {
    await api.dispose();
    await Promise.all(
      servers.map((s) => {
        if (s.exitCode !== null) return;
        const exited = new Promise((r) => s.once('exit', r));
        s.kill('SIGTERM');
        return exited;
      }),
    );
    await db.drop();
  }
});
