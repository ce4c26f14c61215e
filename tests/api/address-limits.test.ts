/**
 * Per-address limits of the anonymous POSTs (docs/rules.md#address-limits): one address spraying
 * wrong passwords over 50 phones meets a fast 429 with Retry-After once its allowance is used, no
 * argon2 hash is computed past it, and a shopper from another address logs in at once. The counts are
 * shared by the instances (Redis, PostgreSQL) and the other anonymous POSTs are limited too.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, inject, vi } from 'vitest';

// Counts the argon2 verifications (each one is a password guess checked).
const argon = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verifications++;
      return real.verify(...args);
    },
  };
});

import { hash as argonHash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { POST as loginRoute } from '@/app/api/v1/auth/login/route';
import { POST as smsCodeRoute } from '@/app/api/v1/auth/sms-code/route';
import { POST as leadsRoute } from '@/app/api/v1/leads/route';
import { POST as cartRoute } from '@/app/api/v1/cart/items/route';
import { ADDRESS_LIMITS } from '@/lib/server/limits';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { redisClient, redisReady } from '@/lib/server/redis/client';
import { call, loginNew, newPhone, req } from './session';

/** A fresh address per test, so runs against the same Redis never meet. */
const address = () => `10.${200 + (randomBytes(1)[0] % 50)}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;

/** Forgets this process's limiters, as a second instance of the shop starts without them. */
const anotherInstance = () => void delete (globalThis as Record<symbol, unknown>)[Symbol.for('liangdun.address-limits')];

const wrongLogin = (phone: string, ip: string) => call(loginRoute, req('POST', '/auth/login', { phone, password: 'wrong-pass-1', agree: true }, { ip }));

beforeEach(() => {
  argon.verifications = 0;
  anotherInstance();
});
afterEach(() => {
  vi.unstubAllEnvs();
  anotherInstance();
});

describe('per-address limits', () => {
  it('200 wrong-password logins from one address over 50 phones: after the limit, fast 429s with Retry-After and no hash; another address logs in at once', async () => {
    vi.stubEnv('REDIS_URL', '');
    const ip = address();
    const phones = Array.from({ length: 50 }, () => newPhone());
    const answers: { status: number; message: string; retryAfter: string | null; ms: number }[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      const { res, body } = await wrongLogin(phones[i % 50], ip);
      answers.push({ status: res.status, message: body.message, retryAfter: res.headers.get('retry-after'), ms: performance.now() - started });
    }
    const limit = ADDRESS_LIMITS.login.points;
    expect(answers.slice(0, limit).every((a) => a.status === 400)).toBe(true);
    const refused = answers.slice(limit);
    expect(refused.every((a) => a.status === 429)).toBe(true);
    // The wait it names is its Retry-After: in seconds under a minute, else in whole minutes (60 s → 1 分钟).
    const waitS = Number(refused[0].retryAfter);
    expect(refused[0].message).toBe(`当前网络操作太频繁，请 ${waitS < 60 ? `${waitS} 秒` : `${Math.ceil(waitS / 60)} 分钟`}后再试`);
    for (const a of refused) expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused[0].retryAfter)).toBeLessThanOrEqual(ADDRESS_LIMITS.login.seconds);
    expect(argon.verifications).toBe(limit);
    const sorted = refused.map((a) => a.ms).sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)];
    console.info(`[figure] 429 after the address limit: p95 ${p95.toFixed(2)} ms over ${refused.length} answers`);
    expect(p95).toBeLessThan(50);

    // A shopper from another address, with the right password, logs in at once.
    const shopper = await loginNew();
    const db = await getDb();
    await db.update(users).set({ passwordHash: await argonHash('right-pass-1') }).where(eq(users.id, shopper.userId));
    const { res } = await call(loginRoute, req('POST', '/auth/login', { phone: shopper.phone, password: 'right-pass-1', agree: true }, { ip: address() }));
    expect(res.status).toBe(200);
  });

  it('SMS codes, leads and the cart are limited per address too', async () => {
    vi.stubEnv('REDIS_URL', '');
    const lead = (ip: string) => call(leadsRoute, req('POST', '/leads', { kind: 'enterprise' }, { ip }));
    const ip = address();
    for (let i = 0; i < ADDRESS_LIMITS.leads.points; i++) expect((await lead(ip)).res.status).not.toBe(429);
    const over = await lead(ip);
    expect(over.res.status).toBe(429);
    expect(over.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(over.body.message).toMatch(/^当前网络操作太频繁，请 \d+ (秒|分钟)后再试$/);
    expect((await lead(address())).res.status).not.toBe(429);

    const smsIp = address();
    const codes = [];
    for (let i = 0; i <= ADDRESS_LIMITS.smsCode.points; i++) codes.push(await call(smsCodeRoute, req('POST', '/auth/sms-code', { phone: 'not-a-phone' }, { ip: smsIp })));
    expect(codes.slice(0, -1).every((c) => c.res.status === 400)).toBe(true);
    expect(codes.at(-1)!.res.status).toBe(429);

    const cartIp = address();
    let last = 0;
    for (let i = 0; i <= ADDRESS_LIMITS.cart.points; i++) last = (await call(cartRoute, req('POST', '/cart/items', {}, { ip: cartIp }))).res.status;
    expect(last).toBe(429);
  });

  it('on Redis, a second instance sees the first one’s count', async () => {
    vi.stubEnv('REDIS_URL', process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379');
    const ip = address();
    const limit = ADDRESS_LIMITS.login.points;
    expect(await redisReady(redisClient()!, 2_000)).toBe(true); // connected before counting (until then an instance counts in memory)
    for (let i = 0; i < limit; i++) expect((await wrongLogin(newPhone(), ip)).res.status).toBe(400);
    anotherInstance();
    const { res } = await wrongLogin(newPhone(), ip);
    expect(res.status).toBe(429);
    expect(argon.verifications).toBe(limit);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('on PostgreSQL, a second instance sees the first one’s count', async () => {
    const db = await getDb();
    const { rows } = (await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${rows[0].name}`;
    vi.stubEnv('REDIS_URL', '');
    vi.stubEnv('DATABASE_URL', url.toString());
    const ip = address();
    const limit = ADDRESS_LIMITS.login.points;
    for (let i = 0; i < limit; i++) expect((await wrongLogin(newPhone(), ip)).res.status).toBe(400);
    anotherInstance();
    const { res } = await wrongLogin(newPhone(), ip);
    expect(res.status).toBe(429);
    const counted = (await db.execute(sql`select points from address_limits where key = ${`addr:login:${ip}`}`)) as unknown as { rows: { points: number }[] };
    expect(counted.rows[0].points).toBe(limit + 1);
  });
});
