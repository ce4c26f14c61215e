/**
 * The account limits hold under concurrency (on PGlite and PostgreSQL): bursts of simultaneous
 * SMS-code requests, wrong passwords and wrong codes never get past the limits, and a new
 * password ends every other session of the user.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

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
import { POST as smsCodeRoute } from '@/app/api/v1/auth/sms-code/route';
import { POST as loginRoute } from '@/app/api/v1/auth/login/route';
import { GET as profileGet } from '@/app/api/v1/user/profile/route';
import { PUT as passwordPut } from '@/app/api/v1/user/password/route';
import { POST as passwordCodeRoute } from '@/app/api/v1/user/password-code/route';
import { PASSWORD_MAX_FAILURES } from '@/lib/server/limits';
import { SMS_MAX_ATTEMPTS } from '@/lib/domain/sms-codes';
import { SMS_PER_IP_HOUR, SMS_PER_PHONE_HOUR } from '@/lib/server/sms/limits';
import { sha256 } from '@/lib/server/crypto';
import { getDb } from '@/lib/server/db/client';
import { sessions, smsCodes, users } from '@/lib/server/db/schema';
import { setSmsProvider, type SmsMessage } from '@/lib/server/sms/provider';
import { ageCodes, call, loginNew, newPhone, req, type Opts } from './session';

const sent: SmsMessage[] = [];
beforeAll(() => setSmsProvider({ send: async (m) => void sent.push(m) }));
afterAll(() => setSmsProvider(null));
beforeEach(() => {
  argon.verifications = 0;
});

type LoginData = { token: string; user: { id: number } };

const smsCode = (phone: string, o: Opts = {}) => call<{ devCode?: string }>(smsCodeRoute, req('POST', '/auth/sms-code', { phone }, o));
const login = (payload: Record<string, string>) => call<LoginData>(loginRoute, req('POST', '/auth/login', { ...payload, agree: true }));
const profileStatus = async (token: string) => (await call(profileGet, req('GET', '/user/profile', undefined, { token }))).res.status;

/** How many of the answers had this status. */
const tally = (answers: { res: Response }[], status: number) => answers.filter((a) => a.res.status === status).length;

async function codeRows(where: { phone?: string; ip?: string }) {
  const db = await getDb();
  return db
    .select()
    .from(smsCodes)
    .where(where.phone ? eq(smsCodes.phone, where.phone) : eq(smsCodes.ip, where.ip!));
}

async function userRow(phone: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row;
}

/** A fresh code for `phone` (past the cooldown of any earlier one). */
async function freshCode(phone: string): Promise<string> {
  await ageCodes(phone);
  const { body } = await smsCode(phone);
  expect(body.resultCode, body.message).toBe(200);
  return body.data!.devCode!;
}

/** A registered user whose password is `password` (written straight to the row: quicker than the flow). */
async function withPassword(password = 'abc12345') {
  const shopper = await loginNew();
  const db = await getDb();
  await db.update(users).set({ passwordHash: await argonHash(password) }).where(eq(users.id, shopper.userId));
  return { ...shopper, password };
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

// ------------------------------------------------------------------ SMS-code limits

describe('SMS-code limits under a burst', () => {
  it('60 simultaneous requests for one phone issue exactly one code', async () => {
    const phone = newPhone();
    const before = sent.length;
    const answers = await Promise.all(Array.from({ length: 60 }, () => smsCode(phone)));
    console.info(`[figure] codes issued in a 60-request burst for one phone: ${tally(answers, 200)}`);
    expect(tally(answers, 200)).toBe(1);
    expect(tally(answers, 429)).toBe(59);
    expect(await codeRows({ phone })).toHaveLength(1);
    expect(sent.length - before).toBe(1);
  });

  it(`40 phones at once from one IP get exactly ${SMS_PER_IP_HOUR} codes`, async () => {
    const ip = '10.77.0.1';
    const answers = await Promise.all(Array.from({ length: 40 }, () => smsCode(newPhone(), { ip })));
    console.info(`[figure] codes issued to 40 phones from one IP in a burst: ${tally(answers, 200)}`);
    expect(tally(answers, 200)).toBe(SMS_PER_IP_HOUR);
    expect(await codeRows({ ip })).toHaveLength(SMS_PER_IP_HOUR);
  });

  it('the hourly limit per phone holds under a burst too', async () => {
    const phone = newPhone();
    for (let i = 0; i < SMS_PER_PHONE_HOUR - 1; i++) await freshCode(phone);
    await ageCodes(phone);
    const answers = await Promise.all(Array.from({ length: 50 }, () => smsCode(phone)));
    expect(tally(answers, 200)).toBe(1);
    expect(await codeRows({ phone })).toHaveLength(SMS_PER_PHONE_HOUR);
    await ageCodes(phone);
    const more = await smsCode(phone);
    expect(more.res.status).toBe(429);
    expect(more.body.message).toMatch(/1 小时/);
  });

  it('a slow SMS provider holds no lock: other phones of the same IP go on; the code already counts', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = newPhone();
    setSmsProvider({ send: async (m) => void (m.phone === slow ? await gate : sent.push(m)) });
    try {
      const ip = '10.77.0.2';
      const pending = smsCode(slow, { ip });
      await new Promise((r) => setTimeout(r, 200)); // the slow request is now sending
      const other = await smsCode(newPhone(), { ip });
      expect(other.body.resultCode, other.body.message).toBe(200);
      const again = await smsCode(slow, { ip });
      expect(again.res.status).toBe(429);
      release();
      expect((await pending).body.resultCode).toBe(200);
    } finally {
      release();
      setSmsProvider({ send: async (m) => void sent.push(m) });
    }
  });
});

// ------------------------------------------------------------------ password lockout

describe('password lockout under a burst', () => {
  it(`60 simultaneous wrong passwords: at most ${PASSWORD_MAX_FAILURES} are verified, then the account is locked`, async () => {
    const { phone, password } = await withPassword();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login({ phone, password: `wrong${i}x1` })));
    const wrongAnswers = answers.filter((a) => a.body.message === '手机号或密码错误').length;
    console.info(
      `[figure] 60 wrong passwords at once: ${argon.verifications} verified; answers 手机号或密码错误 ${wrongAnswers}, 429 ${tally(answers, 429)}`,
    );
    expect(argon.verifications).toBeLessThanOrEqual(PASSWORD_MAX_FAILURES);
    expect(wrongAnswers).toBeLessThanOrEqual(PASSWORD_MAX_FAILURES - 1);
    expect(tally(answers, 200)).toBe(0);
    expect(tally(answers, 400) + tally(answers, 429)).toBe(60);
    for (const a of answers.filter((x) => x.res.status === 429)) expect(a.body.message).toMatch(/密码错误次数过多.*分钟后再试/);

    const row = await userRow(phone);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    argon.verifications = 0;
    const right = await login({ phone, password });
    expect(right.res.status).toBe(429);
    expect(argon.verifications).toBe(0);
  });

  it('the right password at position 30 of 41 simultaneous tries does not log in', async () => {
    const { phone, password } = await withPassword();
    const tries = Array.from({ length: 41 }, (_, i) => (i === 29 ? password : `wrong${i}x1`));
    const answers = await Promise.all(tries.map((p) => login({ phone, password: p })));
    console.info(`[figure] right password at 30 of 41: answered ${answers[29].res.status} ${answers[29].body.message}`);
    expect(answers[29].res.status).toBe(429);
    expect(tally(answers, 200)).toBe(0);
    expect(argon.verifications).toBeLessThanOrEqual(PASSWORD_MAX_FAILURES);
  });

  it('a lock that has passed starts afresh: the full count of tries again, then locked again', async () => {
    const { phone, password } = await withPassword();
    await Promise.all(Array.from({ length: 10 }, () => login({ phone, password: 'nope12345' })));
    const db = await getDb();
    await db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.phone, phone));
    argon.verifications = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => login({ phone, password: 'nope12345' })));
    expect(argon.verifications).toBe(PASSWORD_MAX_FAILURES);
    expect(answers.filter((a) => a.body.message === '手机号或密码错误')).toHaveLength(PASSWORD_MAX_FAILURES - 1);
    expect((await login({ phone, password })).res.status).toBe(429);
  });

  it('an unknown phone: 手机号或密码错误, after a verification like a real account', async () => {
    const answer = await login({ phone: newPhone(), password: 'abc12345' });
    expect(answer.body).toEqual({ resultCode: 400, message: '手机号或密码错误' });
    expect(argon.verifications).toBe(1);
  });
});

// ------------------------------------------------------------------ SMS-code guesses

describe('SMS-code guesses under a burst', () => {
  it(`60 simultaneous wrong codes count at most ${SMS_MAX_ATTEMPTS} guesses; the code is then spent`, async () => {
    const phone = newPhone();
    const code = (await smsCode(phone)).body.data!.devCode!;
    const answers = await Promise.all(Array.from({ length: 60 }, () => login({ phone, code: wrong(code) })));
    const guesses = answers.filter((a) => /验证码错误/.test(a.body.message)).length;
    const [row] = await codeRows({ phone });
    console.info(`[figure] 60 wrong codes at once: ${guesses} guesses answered, attempts stored ${row.attempts}`);
    expect(guesses).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);
    expect(row.attempts).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);
    expect(tally(answers, 400)).toBe(60);
    const right = await login({ phone, code });
    expect(right.res.status).toBe(400);
    expect(right.body.message).toMatch(/失效/);
  });

  it('the right code at position 30 of 41 simultaneous guesses does not log in', async () => {
    const phone = newPhone();
    const code = (await smsCode(phone)).body.data!.devCode!;
    const answers = await Promise.all(Array.from({ length: 41 }, (_, i) => login({ phone, code: i === 29 ? code : wrong(code) })));
    expect(answers[29].res.status).toBe(400);
    expect(tally(answers, 200)).toBe(0);
    expect(await userRow(phone)).toBeUndefined();
  });

  it('the right code sent 20 times at once logs in once', async () => {
    const phone = newPhone();
    const code = (await smsCode(phone)).body.data!.devCode!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => login({ phone, code })));
    expect(tally(answers, 200)).toBe(1);
    const db = await getDb();
    const user = await userRow(phone);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });
});

// ------------------------------------------------------------------ a new password ends other sessions

describe('a new password revokes every other session', () => {
  async function secondSession(phone: string) {
    const { body } = await login({ phone, code: await freshCode(phone) });
    expect(body.resultCode, body.message).toBe(200);
    return body.data!.token;
  }

  async function isRevoked(token: string) {
    const db = await getDb();
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, sha256(token)));
    return row.revokedAt instanceof Date;
  }

  it('set with a code: the other session → 416, the current one stays', async () => {
    const me = await loginNew();
    const other = await secondSession(me.phone);
    await ageCodes(me.phone);
    const pc = await call<{ devCode: string }>(passwordCodeRoute, req('POST', '/user/password-code', {}, { token: me.token }));
    expect(pc.body.resultCode, pc.body.message).toBe(200);
    const set = await call(passwordPut, req('PUT', '/user/password', { code: pc.body.data!.devCode, newPassword: 'abc12345' }, { token: me.token }));
    expect(set.body.resultCode, set.body.message).toBe(200);

    expect(await profileStatus(other)).toBe(401);
    expect(await isRevoked(other)).toBe(true);
    expect(await profileStatus(me.token)).toBe(200);
    expect(await isRevoked(me.token)).toBe(false);
  });

  it('changed with the old password: the other sessions → 416, the current one stays', async () => {
    const { phone, password, token } = await withPassword();
    const byCode = await secondSession(phone);
    const byPassword = (await login({ phone, password })).body.data!.token;
    const changed = await call(passwordPut, req('PUT', '/user/password', { oldPassword: password, newPassword: 'xyz98765' }, { token }));
    expect(changed.body.resultCode, changed.body.message).toBe(200);

    expect(await profileStatus(byCode)).toBe(401);
    expect(await profileStatus(byPassword)).toBe(401);
    expect(await profileStatus(token)).toBe(200);
    // another user's sessions are untouched
    const stranger = await loginNew();
    expect(await profileStatus(stranger.token)).toBe(200);
    const db = await getDb();
    const live = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, (await userRow(phone)).id), sql`${sessions.revokedAt} is null`));
    expect(live.map((s) => s.tokenHash)).toEqual([sha256(token)]);
  });

  it('a wrong old password revokes nothing', async () => {
    const { phone, token } = await withPassword();
    const other = await secondSession(phone);
    const bad = await call(passwordPut, req('PUT', '/user/password', { oldPassword: 'wrong123', newPassword: 'xyz98765' }, { token }));
    expect(bad.res.status).toBe(400);
    expect(await profileStatus(other)).toBe(200);
  });

  it('60 simultaneous wrong old passwords are checked at most 5 times; then even the right one waits out the lock', async () => {
    const { password, token } = await withPassword();
    argon.verifications = 0;
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => call(passwordPut, req('PUT', '/user/password', { oldPassword: 'wrong123', newPassword: 'xyz98765' }, { token }))),
    );
    expect(argon.verifications).toBeLessThanOrEqual(PASSWORD_MAX_FAILURES);
    expect(tally(answers, 400) + tally(answers, 429)).toBe(60);
    expect(tally(answers, 429)).toBeGreaterThanOrEqual(60 - PASSWORD_MAX_FAILURES);
    const right = await call(passwordPut, req('PUT', '/user/password', { oldPassword: password, newPassword: 'xyz98765' }, { token }));
    expect(right.res.status).toBe(429);
    expect(right.body.message).toMatch(/分钟后再试/);
  });
});
