/**
 * Two shop processes on one PostgreSQL database (as behind a load balancer): the account limits and
 * the coupons' limits are taken in the database, so a burst split between the two instances gets no
 * further than a burst at one. PGlite is one process per data dir, so this runs on PostgreSQL only (E2E_DB=postgres).
 */
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { SMS_MAX_ATTEMPTS } from '../../lib/domain/sms-codes';
import { createScratchDatabase } from '../../scripts/scratch-database.mjs';
import { startShop, waitForHealth } from '../../scripts/shop-server.mjs';
import { E2E_PORT } from './env';
import { newPhone } from './login';

test.skip(process.env.E2E_DB !== 'postgres', 'two processes share a PostgreSQL database only');
test.skip(({ isMobile }) => isMobile, 'the server is the same for every device');
test.describe.configure({ timeout: 180_000 });

/** Each test its own pair of ports: the tests of this file may run at the same time. */
const LIMITS_PORTS = [E2E_PORT + 11, E2E_PORT + 12];
const COUPON_PORTS = [E2E_PORT + 13, E2E_PORT + 14];

function start(port: number, databaseUrl: string) {
  // As behind a proxy on this host: each guess below comes from an address of its own, so what stops
  // them is the account's limit, not the per-address one (docs/rules.md#address-limits).
  const env = { ...process.env, NODE_ENV: 'production', SHOP_MODE: 'demo', NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, TRUST_PROXY: '127.0.0.1/32' };
  return startShop({ port, env, stdio: 'ignore' });
}

test('limits hold across two instances: one code for 60 requests, at most 5 guesses of it', async ({ playwright }) => {
  const db = await createScratchDatabase('shop_two');
  const servers: ReturnType<typeof start>[] = [];
  const api = await playwright.request.newContext({ extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  try {
    // One after the other: the first applies the migrations, the second finds them applied.
    for (const port of LIMITS_PORTS) {
      const server = start(port, db.url);
      servers.push(server);
      await waitForHealth(`http://127.0.0.1:${port}`, server);
    }
    const at = (i: number, path: string) => `http://127.0.0.1:${LIMITS_PORTS[i % 2]}/api/v1${path}`;

    const phone = newPhone();
    const codes = await Promise.all(Array.from({ length: 60 }, (_, i) => api.post(at(i, '/auth/sms-code'), { data: { phone } })));
    const issued = codes.filter((r) => r.status() === 200);
    expect(issued).toHaveLength(1);
    expect(codes.filter((r) => r.status() === 429)).toHaveLength(59);
    const code: string = (await issued[0].json()).data.devCode;

    const wrong = code === '000000' ? '111111' : '000000';
    const from = (i: number) => ({ 'X-Forwarded-For': `198.51.100.${i + 1}` });
    const guesses = await Promise.all(Array.from({ length: 60 }, (_, i) => api.post(at(i, '/auth/login'), { headers: from(i), data: { phone, code: wrong, agree: true } })));
    const messages = await Promise.all(guesses.map(async (r) => (await r.json()).message as string));
    expect(messages.filter((m) => m.startsWith('验证码错误')).length).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);
    expect(guesses.every((r) => r.status() === 400)).toBe(true);
    // Its attempts are spent: even the right code no longer logs in.
    const right = await api.post(at(0, '/auth/login'), { headers: from(100), data: { phone, code, agree: true } });
    expect(right.status()).toBe(400);
  } finally {
    await api.dispose();
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await db.drop();
  }
});

test('coupons hold across two instances: 10 left for 30 claims, 2 per shopper for 20 claims of one', async ({ playwright }) => {
  const db = await createScratchDatabase('shop_two');
  const servers: ReturnType<typeof start>[] = [];
  const api = await playwright.request.newContext({ extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const sql = new pg.Client({ connectionString: db.url });
  try {
    for (const port of COUPON_PORTS) {
      const server = start(port, db.url);
      servers.push(server);
      await waitForHealth(`http://127.0.0.1:${port}`, server);
    }
    const at = (i: number, path: string) => `http://127.0.0.1:${COUPON_PORTS[i % 2]}/api/v1${path}`;
    await sql.connect();
    // Straight into the table: the console's own rules are tests/api/coupons.test.ts.
    const template = async (total: number | null, perUserLimit: number): Promise<number> =>
      (
        await sql.query(
          `insert into coupon_templates (name, kind, amount_fen, validity_type, valid_days, total, per_user_limit, issue)
           values ('双实例测试券', 'no_threshold', 500, 'days', 7, $1, $2, 'claim') returning id`,
          [total, perUserLimit],
        )
      ).rows[0].id;
    const scarce = await template(10, 1);
    const generous = await template(null, 2);

    const shoppers: string[] = [];
    for (let i = 0; i < 15; i++) {
      const phone = newPhone();
      const sms = await (await api.post(at(i, '/auth/sms-code'), { data: { phone } })).json();
      const login = await (await api.post(at(i + 1, '/auth/login'), { data: { phone, code: sms.data.devCode, agree: true } })).json();
      expect(login.resultCode, login.message).toBe(200);
      shoppers.push(login.data.token);
    }
    const claim = (i: number, token: string, id: number) => api.post(at(i, `/coupons/${id}/claim`), { headers: { token }, data: {} });

    // Every shopper twice, the two tries on different instances: 30 claims of the last 10.
    const burst = await Promise.all(shoppers.flatMap((token, s) => [claim(s, token, scarce), claim(s + 1, token, scarce)]));
    const taken = burst.filter((r) => r.status() === 200);
    expect(taken).toHaveLength(10);
    const refusals = await Promise.all(burst.filter((r) => r.status() !== 200).map(async (r) => [r.status(), (await r.json()).message]));
    expect(new Set(refusals.map(([status]) => status))).toEqual(new Set([409]));
    expect(refusals.every(([, m]) => m === '来晚了，该券已领完' || m === '您已领取过这张券')).toBe(true);
    const issued = await sql.query('select issued, (select count(*)::int from coupons where template_id = $1) as coupons, (select max(n)::int from (select count(*) as n from coupons where template_id = $1 group by user_id) x) as most from coupon_templates where id = $1', [scarce]);
    expect(issued.rows[0]).toEqual({ issued: 10, coupons: 10, most: 1 });

    // One shopper, 20 claims at once over both instances, 2 allowed.
    const mine = await Promise.all(Array.from({ length: 20 }, (_, i) => claim(i, shoppers[0], generous)));
    expect(mine.filter((r) => r.status() === 200)).toHaveLength(2);
    const held = await sql.query('select count(*)::int as n from coupons where template_id = $1', [generous]);
    expect(held.rows[0].n).toBe(2);
  } finally {
    await sql.end().catch(() => {});
    await api.dispose();
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await db.drop();
  }
});
