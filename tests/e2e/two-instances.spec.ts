/**
 * Two shop processes on one PostgreSQL database (as behind a load balancer): the account limits are
 * taken in the database, so a burst split between the two instances gets no further than a burst at
 * one. PGlite is one process per data dir, so this runs on PostgreSQL only (E2E_DB=postgres).
 */
import { expect, test } from '@playwright/test';
import { SMS_MAX_ATTEMPTS } from '../../lib/constants';
import { createScratchDatabase } from '../../scripts/scratch-database.mjs';
import { startShop, waitForHealth } from '../../scripts/shop-server.mjs';
import { E2E_PORT } from './env';
import { newPhone } from './login';

test.skip(process.env.E2E_DB !== 'postgres', 'two processes share a PostgreSQL database only');
test.skip(({ isMobile }) => isMobile, 'the server is the same for every device');
test.describe.configure({ timeout: 180_000 });

const PORTS = [E2E_PORT + 11, E2E_PORT + 12];

function start(port: number, databaseUrl: string) {
  const env = { ...process.env, NODE_ENV: 'production', SHOP_MODE: 'demo', NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, TRUST_PROXY: '' };
  return startShop({ port, env, stdio: 'ignore' });
}

test('limits hold across two instances: one code for 60 requests, at most 5 guesses of it', async ({ playwright }) => {
  const db = await createScratchDatabase('shop_two');
  const servers: ReturnType<typeof start>[] = [];
  const api = await playwright.request.newContext({ extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  try {
    // One after the other: the first applies the migrations, the second finds them applied.
    for (const port of PORTS) {
      const server = start(port, db.url);
      servers.push(server);
      await waitForHealth(`http://127.0.0.1:${port}`, server);
    }
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
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await db.drop();
  }
});
