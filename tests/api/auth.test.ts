/**
 * Accounts (docs/api.md#accounts, docs/rules.md#sms-codes, #passwords, #sessions): SMS codes, login by code or password, sessions, logout,
 * profile, password, and the anonymous cart merging at login — on PGlite and PostgreSQL.
 * Route handlers are called directly; x-forwarded-for varies the caller's IP.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The HMAC secret of SMS codes: fixed here, so the test never creates DATA_DIR/app-secret.
process.env.APP_SECRET ||= 'auth-test-secret-0123456789abcdef';

import { POST as smsCodeRoute } from '@/app/api/v1/auth/sms-code/route';
import { POST as loginRoute } from '@/app/api/v1/auth/login/route';
import { POST as logoutRoute } from '@/app/api/v1/auth/logout/route';
import { GET as profileGet, PUT as profilePut } from '@/app/api/v1/user/profile/route';
import { PUT as passwordPut } from '@/app/api/v1/user/password/route';
import { POST as passwordCodeRoute } from '@/app/api/v1/user/password-code/route';
import { GET as cartGet } from '@/app/api/v1/cart/route';
import { POST as cartItemsPost } from '@/app/api/v1/cart/items/route';
import { sha256 } from '@/lib/server/crypto';
import { getDb } from '@/lib/server/db/client';
import { carts, sessions, skus, smsCodes, users } from '@/lib/server/db/schema';
import { setSmsProvider, type SmsMessage } from '@/lib/server/sms/provider';
import type { CartView } from '@/lib/server/modules/cart';
import { BASE, envelope, HAN } from './helpers';
import { ageCodes } from './session';

type Handler = (req: Request, ctx: undefined) => Promise<Response>;
type LoginData = { token: string; expiresAt: string; user: Profile };
type Profile = { id: number; phone: string; nickname: string | null; email: string | null; hasPassword: boolean };

const sent: Extract<SmsMessage, { template: 'login_code' }>[] = [];
beforeAll(() => setSmsProvider({ send: async (m) => void (m.template === 'login_code' && sent.push(m)) }));
afterAll(() => setSmsProvider(null));

// ------------------------------------------------------------------ helpers

let ipCounter = 0;
const nextIp = () => `10.3.${Math.floor(ipCounter / 200)}.${(ipCounter++ % 200) + 1}`;
let phoneCounter = 0;
/** A fresh mobile number per call: 139 + 8 digits. */
const newPhone = () => `139${String(20_000_000 + phoneCounter++ * 7919).padStart(8, '0')}`;

type Opts = { token?: string; cookie?: string; ip?: string; xrw?: boolean; headers?: Record<string, string> };

function req(method: string, path: string, body?: unknown, o: Opts = {}): Request {
  const headers: Record<string, string> = { 'x-test-peer': o.ip ?? nextIp(), 'user-agent': 'vitest', ...o.headers };
  if (o.xrw !== false) headers['x-requested-with'] = 'XMLHttpRequest';
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.token = o.token;
  if (o.cookie) headers.cookie = o.cookie;
  return new Request(`${BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function call<T = unknown>(handler: Handler, request: Request) {
  const res = await handler(request, undefined);
  return { res, body: await envelope<T>(res) };
}

async function sendCode(phone: string, o: Opts = {}): Promise<string> {
  const { body } = await call<{ cooldownSeconds: number; devCode?: string }>(smsCodeRoute, req('POST', '/auth/sms-code', { phone }, o));
  expect(body.resultCode, body.message).toBe(200);
  return body.data!.devCode!;
}

/** A login as the form sends it: with the consent box ticked (docs/privacy.md#consent). */
async function loginWith(payload: Record<string, string>, o: Opts = {}) {
  return call<LoginData>(loginRoute, req('POST', '/auth/login', { ...payload, agree: true }, o));
}

async function register(phone = newPhone(), o: Opts = {}): Promise<LoginData & { phone: string }> {
  const code = await sendCode(phone);
  const { body } = await loginWith({ phone, code }, o);
  expect(body.resultCode, body.message).toBe(200);
  return { ...body.data!, phone };
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

// ------------------------------------------------------------------ SMS codes

describe('POST /auth/sms-code', () => {
  it('demo mode returns a 6-digit devCode, the one sent; only its HMAC is stored', async () => {
    const phone = newPhone();
    const before = sent.length;
    const { res, body } = await call<{ cooldownSeconds: number; devCode: string }>(smsCodeRoute, req('POST', '/auth/sms-code', { phone }));
    expect(res.status).toBe(200);
    expect(body.message).toMatch(HAN);
    expect(body.data!.cooldownSeconds).toBe(60);
    const code = body.data!.devCode;
    expect(code).toMatch(/^\d{6}$/);
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)).toMatchObject({ phone, template: 'login_code', params: { code, minutes: 5 } });

    const db = await getDb();
    const rows = await db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toBe(code);
    expect(row.codeHash).not.toBe(sha256(code)); // keyed, not a bare hash of a 6-digit space
    expect(row.codeHash).not.toBe(sha256(`${phone}:${code}`));
    for (const value of Object.values(row)) expect(String(value)).not.toContain(code);
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(Math.abs(ttl - 300_000)).toBeLessThan(5_000);
  });

  it('+86 numbers are normalised', async () => {
    const phone = newPhone();
    await sendCode(`+86${phone}`);
    const db = await getDb();
    expect(await db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(1);
  });

  it('live mode never sends devCode', async () => {
    const prev = process.env.SHOP_MODE;
    process.env.SHOP_MODE = 'live';
    try {
      const phone = newPhone();
      const { body } = await call<Record<string, unknown>>(smsCodeRoute, req('POST', '/auth/sms-code', { phone }));
      expect(body.resultCode).toBe(200);
      expect(body.data).not.toHaveProperty('devCode');
      expect(JSON.stringify(body)).not.toContain(sent.at(-1)!.params.code);
    } finally {
      if (prev === undefined) delete process.env.SHOP_MODE;
      else process.env.SHOP_MODE = prev;
    }
  });

  it('a resend within 60 s → 429, after the cooldown → 200', async () => {
    const phone = newPhone();
    await sendCode(phone);
    const { res, body } = await call(smsCodeRoute, req('POST', '/auth/sms-code', { phone }));
    expect(res.status).toBe(429);
    expect(body.message).toMatch(/秒后/);
    await ageCodes(phone);
    await sendCode(phone);
  });

  it('5 codes an hour per phone, then 429; 10 a day, then 429', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      await sendCode(phone);
      await ageCodes(phone);
    }
    const hour = await call(smsCodeRoute, req('POST', '/auth/sms-code', { phone }));
    expect(hour.res.status).toBe(429);
    expect(hour.body.message).toMatch(/1 小时/);

    await ageCodes(phone, 2 * 3600);
    for (let i = 0; i < 5; i++) {
      await sendCode(phone);
      await ageCodes(phone);
    }
    await ageCodes(phone, 2 * 3600); // the hourly window is clear again; the day still holds 10
    const day = await call(smsCodeRoute, req('POST', '/auth/sms-code', { phone }));
    expect(day.res.status).toBe(429);
    expect(day.body.message).toMatch(/今日/);
  });

  it('20 codes an hour per IP, then 429', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 20; i++) await sendCode(newPhone(), { ip });
    const { res, body } = await call(smsCodeRoute, req('POST', '/auth/sms-code', { phone: newPhone() }, { ip }));
    expect(res.status).toBe(429);
    expect(body.message).toMatch(HAN);
    await sendCode(newPhone(), { ip: '10.99.0.2' });
  });

  it.each([{}, { phone: '' }, { phone: '12345' }, { phone: 13800138000 }, { phone: '010-12345678' }, null, [], 'x'])(
    'bad input %j → 400 请填写正确的手机号 (or a Chinese message)',
    async (input) => {
      const { res, body } = await call(smsCodeRoute, req('POST', '/auth/sms-code', input === 'x' ? '{oops' : JSON.stringify(input)));
      expect(res.status).toBe(400);
      expect(body.message).toMatch(HAN);
    },
  );
});

// ------------------------------------------------------------------ code login

describe('POST /auth/login with a code', () => {
  it('a new phone registers: a users row, a session, a profile with the masked phone', async () => {
    const phone = newPhone();
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
    const code = await sendCode(phone);
    const { res, body } = await loginWith({ phone, code });
    expect(res.status).toBe(200);
    expect(body.message).toMatch(HAN);
    const { token, expiresAt, user } = body.data!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(Math.abs(new Date(expiresAt).getTime() - (Date.now() + 604_800_000))).toBeLessThan(60_000);
    expect(user).toEqual({ id: expect.any(Number), phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, nickname: null, email: null, hasPassword: false });
    const [row] = await db.select().from(users).where(eq(users.phone, phone));
    expect(row.id).toBe(user.id);
    expect(row.role).toBe('shopper');
    expect(row.passwordHash).toBeNull();
  });

  it('the same code again → 400 (single use); an existing user logs in without a second row', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    expect((await loginWith({ phone, code })).body.resultCode).toBe(200);
    const again = await loginWith({ phone, code });
    expect(again.res.status).toBe(400);
    expect(again.body.message).toMatch(HAN);

    await ageCodes(phone);
    const code2 = await sendCode(phone);
    const second = await loginWith({ phone: `+86${phone}`, code: code2 });
    expect(second.body.resultCode).toBe(200);
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
  });

  it('a wrong code five times burns it: then even the right code fails', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    for (let i = 1; i <= 5; i++) {
      const { res, body } = await loginWith({ phone, code: wrong(code) });
      expect(res.status).toBe(400);
      expect(body.message).toMatch(i < 5 ? new RegExp(`还可尝试 ${5 - i} 次`) : /次数过多/);
    }
    const right = await loginWith({ phone, code });
    expect(right.res.status).toBe(400);
    expect(right.body.message).toMatch(/失效/);
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
  });

  it('a wrong code a few times, then the right one, works', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    for (let i = 0; i < 4; i++) expect((await loginWith({ phone, code: wrong(code) })).res.status).toBe(400);
    expect((await loginWith({ phone, code })).body.resultCode).toBe(200);
  });

  it('an expired code → 400', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    const db = await getDb();
    await db.update(smsCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smsCodes.phone, phone));
    const { res, body } = await loginWith({ phone, code });
    expect(res.status).toBe(400);
    expect(body.message).toMatch(/失效/);
  });

  it('a code of another phone does not work', async () => {
    const a = newPhone();
    const b = newPhone();
    const codeA = await sendCode(a);
    await sendCode(b);
    expect((await loginWith({ phone: b, code: codeA })).res.status).toBe(400);
  });

  it('no code ever requested → 400', async () => {
    expect((await loginWith({ phone: newPhone(), code: '123456' })).res.status).toBe(400);
  });

  it.each([{}, { agree: true }, { phone: '13900000000', agree: true }, { phone: 'x', code: '123456', agree: true }, { phone: '13900000000', code: '12', agree: true }, null, [], 42])(
    'bad input %j → 400 in Chinese',
    async (input) => {
      const { res, body } = await call(loginRoute, req('POST', '/auth/login', JSON.stringify(input)));
      expect(res.status).toBe(400);
      expect(body.message).toMatch(HAN);
    },
  );
});

// ------------------------------------------------------------------ sessions

describe('sessions and tokens', () => {
  it('the token is stored only as its hash', async () => {
    const { token, user } = await register();
    const db = await getDb();
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(token);
    expect(rows[0].tokenHash).toBe(sha256(token));
    expect(rows[0].userAgent).toBe('vitest');
    expect(await db.select().from(sessions).where(eq(sessions.tokenHash, token))).toHaveLength(0);
  });

  it('the token header and the auth-token cookie both authenticate', async () => {
    const { token, user } = await register();
    const byHeader = await call<Profile>(profileGet, req('GET', '/user/profile', undefined, { token }));
    expect(byHeader.body.data!.id).toBe(user.id);
    const byCookie = await call<Profile>(profileGet, req('GET', '/user/profile', undefined, { cookie: `auth-token=${encodeURIComponent(token)}` }));
    expect(byCookie.body.data!.id).toBe(user.id);
  });

  it('no token → 416 (HTTP 401) 请先登录; an unknown token → 416', async () => {
    const none = await call(profileGet, req('GET', '/user/profile'));
    expect(none.res.status).toBe(401);
    expect(none.body).toEqual({ resultCode: 416, message: '请先登录' });
    for (const token of ['nope', 'x'.repeat(500), "' or 1=1 --"]) {
      const bad = await call(profileGet, req('GET', '/user/profile', undefined, { token }));
      expect(bad.res.status).toBe(401);
      expect(bad.body.resultCode).toBe(416);
    }
  });

  it('logout, then reusing the token → 416 (HTTP 401)', async () => {
    const { token } = await register();
    const out = await call(logoutRoute, req('POST', '/auth/logout', {}, { token }));
    expect(out.res.status).toBe(200);
    expect(out.body.resultCode).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, sha256(token)));
    expect(row.revokedAt).toBeInstanceOf(Date);
    const { res, body } = await call(profileGet, req('GET', '/user/profile', undefined, { token }));
    expect(res.status).toBe(401);
    expect(body.resultCode).toBe(416);
    expect(body.message).toMatch(HAN);
    // logging out twice, or without a token, is harmless
    expect((await call(logoutRoute, req('POST', '/auth/logout', {}, { token }))).res.status).toBe(200);
    expect((await call(logoutRoute, req('POST', '/auth/logout', {}))).res.status).toBe(200);
  });

  it('logout revokes only that session', async () => {
    const phone = newPhone();
    const first = await register(phone);
    await ageCodes(phone);
    const second = await register(phone);
    await call(logoutRoute, req('POST', '/auth/logout', {}, { token: first.token }));
    expect((await call(profileGet, req('GET', '/user/profile', undefined, { token: second.token }))).res.status).toBe(200);
  });

  it('an expired session → 416 登录已过期', async () => {
    const { token } = await register();
    const db = await getDb();
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, sha256(token)));
    const { res, body } = await call(profileGet, req('GET', '/user/profile', undefined, { token }));
    expect(res.status).toBe(401);
    expect(body).toEqual({ resultCode: 416, message: '登录已过期，请重新登录' });
  });

  it.each([
    ['POST /auth/sms-code', smsCodeRoute, '/auth/sms-code', 'POST'],
    ['POST /auth/login', loginRoute, '/auth/login', 'POST'],
    ['POST /auth/logout', logoutRoute, '/auth/logout', 'POST'],
    ['PUT /user/profile', profilePut, '/user/profile', 'PUT'],
    ['PUT /user/password', passwordPut, '/user/password', 'PUT'],
    ['POST /user/password-code', passwordCodeRoute, '/user/password-code', 'POST'],
    ['POST /cart/items', cartItemsPost, '/cart/items', 'POST'],
  ] as const)('%s without X-Requested-With → 403, nothing done', async (_name, handler, path, method) => {
    const { token } = await register();
    const phone = newPhone();
    const before = sent.length;
    const { res, body } = await call(handler as Handler, req(method, path, { phone, code: '123456', nickname: 'hacker', skuId: 1 }, { token, xrw: false }));
    expect(res.status).toBe(403);
    expect(body.resultCode).toBe(403);
    expect(body.message).toMatch(HAN);
    expect(sent.length).toBe(before);
    // the session is still alive and the profile unchanged
    const me = await call<Profile>(profileGet, req('GET', '/user/profile', undefined, { token }));
    expect(me.body.data!.nickname).toBeNull();
  });
});

// ------------------------------------------------------------------ profile

describe('/user/profile', () => {
  it("user A's profile is never visible with B's token", async () => {
    const a = await register();
    const b = await register();
    expect(a.user.id).not.toBe(b.user.id);
    await call(profilePut, req('PUT', '/user/profile', { nickname: '甲', email: 'a@example.cn' }, { token: a.token }));

    const { body } = await call<Profile>(profileGet, req('GET', '/user/profile', undefined, { token: b.token }));
    expect(body.data!.id).toBe(b.user.id);
    expect(body.data!.phone).toBe(`${b.phone.slice(0, 3)}****${b.phone.slice(7)}`);
    expect(body.data!.phone).toMatch(/^139\*{4}\d{4}$/);
    expect(body.data!.nickname).toBeNull();
    expect(JSON.stringify(body)).not.toContain(a.phone.slice(7));
    expect(JSON.stringify(body)).not.toContain('a@example.cn');

    // ids in the query or body are ignored: B only ever writes B
    const put = await call<Profile>(profilePut, req('PUT', `/user/profile?id=${a.user.id}`, { id: a.user.id, nickname: '乙' }, { token: b.token }));
    expect(put.body.data!.id).toBe(b.user.id);
    const aNow = await call<Profile>(profileGet, req('GET', '/user/profile', undefined, { token: a.token }));
    expect(aNow.body.data).toMatchObject({ id: a.user.id, nickname: '甲', email: 'a@example.cn' });
    expect(JSON.stringify(aNow.body)).not.toContain(a.phone); // never the whole number
  });

  it('PUT saves nickname and email; empty values clear them', async () => {
    const { token } = await register();
    const saved = await call<Profile>(profilePut, req('PUT', '/user/profile', { nickname: ' 小明 ', email: 'ming@example.cn' }, { token }));
    expect(saved.body.resultCode).toBe(200);
    expect(saved.body.data).toMatchObject({ nickname: '小明', email: 'ming@example.cn', hasPassword: false });
    const cleared = await call<Profile>(profilePut, req('PUT', '/user/profile', { nickname: '', email: '' }, { token }));
    expect(cleared.body.data).toMatchObject({ nickname: null, email: null });
  });

  it('a nickname over 20 characters → 400 naming 昵称; a bad email → 400 naming 邮箱', async () => {
    const { token } = await register();
    const long = await call(profilePut, req('PUT', '/user/profile', { nickname: '字'.repeat(21) }, { token }));
    expect(long.res.status).toBe(400);
    expect(long.body.message).toContain('昵称');
    const email = await call(profilePut, req('PUT', '/user/profile', { nickname: '小明', email: 'not-an-email' }, { token }));
    expect(email.res.status).toBe(400);
    expect(email.body.message).toContain('邮箱');
    for (const bad of [{ nickname: 7 }, { email: 7 }, { email: 'x'.repeat(250) + '@a.cn' }, '[]', 'null', '{bad']) {
      const r = await call(profilePut, req('PUT', '/user/profile', bad, { token }));
      expect(r.res.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.message).toMatch(HAN);
    }
    const me = await call<Profile>(profileGet, req('GET', '/user/profile', undefined, { token }));
    expect(me.body.data!.nickname).toBeNull();
  });

  it('PUT without a token → 416', async () => {
    const { res, body } = await call(profilePut, req('PUT', '/user/profile', { nickname: 'x' }));
    expect(res.status).toBe(401);
    expect(body.resultCode).toBe(416);
  });
});

// ------------------------------------------------------------------ password

describe('password', () => {
  async function withPassword(password = 'abc12345') {
    const reg = await register();
    await ageCodes(reg.phone);
    const pc = await call<{ devCode: string }>(passwordCodeRoute, req('POST', '/user/password-code', {}, { token: reg.token }));
    expect(pc.body.resultCode, pc.body.message).toBe(200);
    const set = await call(passwordPut, req('PUT', '/user/password', { code: pc.body.data!.devCode, newPassword: password }, { token: reg.token }));
    expect(set.body.resultCode, set.body.message).toBe(200);
    return { ...reg, password };
  }

  it('set with a code, then log in with the password', async () => {
    const { phone, password, user } = await withPassword();
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.phone, phone));
    expect(row.passwordHash).toMatch(/^\$argon2/);
    expect(row.passwordHash).not.toContain(password);
    const { res, body } = await loginWith({ phone, password });
    expect(res.status).toBe(200);
    expect(body.data!.user).toMatchObject({ id: user.id, hasPassword: true });
  });

  it('设置登录密码 right after the login: the password code is sent (its own resend wait, not the login code\'s); a second at once → 429; each code only for its purpose', async () => {
    const { token, phone } = await register();
    const pc = await call<{ devCode: string; cooldownSeconds: number }>(passwordCodeRoute, req('POST', '/user/password-code', {}, { token }));
    expect(pc.body.resultCode, pc.body.message).toBe(200);
    expect(pc.body.data!.cooldownSeconds).toBe(60);
    const again = await call(passwordCodeRoute, req('POST', '/user/password-code', {}, { token }));
    expect(again.res.status).toBe(429);
    expect(again.body.message).toMatch(/^请 \d+ 秒后再获取验证码$/);
    // The password code does not log anyone in, and a login code does not set a password.
    expect((await loginWith({ phone, code: pc.body.data!.devCode })).body.message).toBe('验证码已失效，请重新获取');
    await ageCodes(phone);
    const loginCode = await sendCode(phone);
    const byLoginCode = await call(passwordPut, req('PUT', '/user/password', { code: loginCode, newPassword: 'abc12345' }, { token }));
    expect(byLoginCode.res.status).toBe(400);
    expect(byLoginCode.body.message).toBe('验证码错误，还可尝试 4 次');
    const set = await call(passwordPut, req('PUT', '/user/password', { code: pc.body.data!.devCode, newPassword: 'abc12345' }, { token }));
    expect(set.body.resultCode, set.body.message).toBe(200);
  });

  it('the per-phone hourly cap counts the password codes with the login codes', async () => {
    const { token, phone } = await register();
    await ageCodes(phone);
    for (let i = 0; i < 4; i++) {
      expect((await call(passwordCodeRoute, req('POST', '/user/password-code', {}, { token }))).body.resultCode).toBe(200);
      await ageCodes(phone);
    }
    const hour = await call(passwordCodeRoute, req('POST', '/user/password-code', {}, { token }));
    expect(hour.res.status).toBe(429);
    expect(hour.body.message).toMatch(/1 小时/);
  });

  it('a weak new password → 400 with the rule message; a wrong code → 400', async () => {
    const reg = await register();
    await ageCodes(reg.phone);
    const pc = await call<{ devCode: string }>(passwordCodeRoute, req('POST', '/user/password-code', {}, { token: reg.token }));
    const code = pc.body.data!.devCode;
    for (const newPassword of ['short1', 'abcdefgh', '12345678', 'a1'.repeat(17)]) {
      const { res, body } = await call(passwordPut, req('PUT', '/user/password', { code, newPassword }, { token: reg.token }));
      expect(res.status).toBe(400);
      expect(body.message).toBe('密码需为 8–32 位，且包含字母和数字');
    }
    const bad = await call(passwordPut, req('PUT', '/user/password', { code: wrong(code), newPassword: 'abc12345' }, { token: reg.token }));
    expect(bad.res.status).toBe(400);
    const good = await call(passwordPut, req('PUT', '/user/password', { code, newPassword: 'abc12345' }, { token: reg.token }));
    expect(good.res.status).toBe(200);
  });

  it('change with the old password; a wrong old password → 400', async () => {
    const { phone, token, password } = await withPassword();
    const bad = await call(passwordPut, req('PUT', '/user/password', { oldPassword: 'wrong123', newPassword: 'xyz98765' }, { token }));
    expect(bad.res.status).toBe(400);
    expect(bad.body.message).toMatch(/原密码/);
    const ok = await call(passwordPut, req('PUT', '/user/password', { oldPassword: password, newPassword: 'xyz98765' }, { token }));
    expect(ok.res.status).toBe(200);
    expect((await loginWith({ phone, password })).res.status).toBe(400);
    expect((await loginWith({ phone, password: 'xyz98765' })).res.status).toBe(200);
  });

  it('no password yet: old-password change → 400; password login → 400 手机号或密码错误', async () => {
    const { phone, token } = await register();
    const r = await call(passwordPut, req('PUT', '/user/password', { oldPassword: 'abc12345', newPassword: 'xyz98765' }, { token }));
    expect(r.res.status).toBe(400);
    const l = await loginWith({ phone, password: 'abc12345' });
    expect(l.res.status).toBe(400);
    expect(l.body.message).toBe('手机号或密码错误');
    const unknown = await loginWith({ phone: newPhone(), password: 'abc12345' });
    expect(unknown.body).toEqual({ resultCode: 400, message: '手机号或密码错误' });
  });

  it('5 wrong passwords → 429 lock; even the right one is refused until locked_until passes', async () => {
    const { phone, password } = await withPassword();
    for (let i = 1; i <= 4; i++) {
      const { res, body } = await loginWith({ phone, password: `wrong${i}234` });
      expect(res.status).toBe(400);
      expect(body.message).toBe('手机号或密码错误');
    }
    const fifth = await loginWith({ phone, password: 'wrong5234' });
    expect(fifth.res.status).toBe(429);
    expect(fifth.body.message).toMatch(/15 分钟/);

    const right = await loginWith({ phone, password });
    expect(right.res.status).toBe(429);
    expect(right.body.message).toMatch(HAN);

    const db = await getDb();
    const [locked] = await db.select().from(users).where(eq(users.phone, phone));
    expect(locked.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    await db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.phone, phone));
    const after = await loginWith({ phone, password });
    expect(after.res.status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.phone, phone));
    expect(row.failedLogins).toBe(0);
    expect(row.lockedUntil).toBeNull();
  });

  it('after a lock has passed, one wrong password does not lock again', async () => {
    const { phone, password } = await withPassword();
    for (let i = 0; i < 5; i++) await loginWith({ phone, password: 'nope12345' });
    const db = await getDb();
    await db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.phone, phone));
    const once = await loginWith({ phone, password: 'nope12345' });
    expect(once.res.status).toBe(400);
    expect((await loginWith({ phone, password })).res.status).toBe(200);
  });

  it('a code login lifts a password lock', async () => {
    const { phone, password } = await withPassword();
    for (let i = 0; i < 5; i++) await loginWith({ phone, password: 'nope12345' });
    expect((await loginWith({ phone, password })).res.status).toBe(429);
    await ageCodes(phone);
    const code = await sendCode(phone);
    expect((await loginWith({ phone, code })).res.status).toBe(200);
    expect((await loginWith({ phone, password })).res.status).toBe(200);
  });
});

// ------------------------------------------------------------------ cart merge

describe('the anonymous cart merges at login', () => {
  async function skuIds() {
    const db = await getDb();
    const rows = await db.select({ id: skus.id, stock: skus.stock }).from(skus).where(and(eq(skus.onSale, true), sql`${skus.stock} > 20`)).limit(2);
    expect(rows).toHaveLength(2);
    return rows.map((r) => r.id);
  }

  async function addAnon(cookie: string | undefined, skuId: number, quantity: number) {
    const { res, body } = await call<CartView>(cartItemsPost, req('POST', '/cart/items', { skuId, quantity }, { cookie }));
    expect(body.resultCode, body.message).toBe(200);
    const set = res.headers.get('set-cookie');
    const m = set ? /cart-id=([^;]+)/.exec(set) : null;
    return { cookie: m ? `cart-id=${m[1]}` : cookie, cart: body.data! };
  }

  it('a new user logging in with the cart-id cookie gets the items; the cookie is cleared', async () => {
    const [x, y] = await skuIds();
    const first = await addAnon(undefined, x, 2);
    expect(first.cookie).toMatch(/^cart-id=.+/);
    const { cookie } = await addAnon(first.cookie, y, 1);
    expect(cookie).toBe(first.cookie);

    const phone = newPhone();
    const code = await sendCode(phone);
    const { res, body } = await loginWith({ phone, code }, { cookie });
    expect(body.resultCode).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/cart-id=;.*Max-Age=0/);

    const cart = await call<CartView>(cartGet, req('GET', '/cart', undefined, { token: body.data!.token }));
    expect(cart.body.data!.items.map((i) => [i.skuId, i.quantity])).toEqual([
      [x, 2],
      [y, 1],
    ]);
    // the anonymous cart is gone
    const anon = await call<CartView>(cartGet, req('GET', '/cart', undefined, { cookie }));
    expect(anon.body.data!.items).toEqual([]);
  });

  it('quantities add to an existing line, capped by stock', async () => {
    const [x, y] = await skuIds();
    const db = await getDb();
    const reg = await register();
    const mine = await call<CartView>(cartItemsPost, req('POST', '/cart/items', { skuId: x, quantity: 3 }, { token: reg.token }));
    expect(mine.body.data!.items).toHaveLength(1);
    expect(mine.res.headers.get('set-cookie')).toBeNull();

    const { cookie } = await addAnon(undefined, x, 4);
    await addAnon(cookie, y, 2);
    const [{ stock }] = await db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, x));
    await db.update(skus).set({ stock: 5 }).where(eq(skus.id, x));
    try {
      await ageCodes(reg.phone);
      const code = await sendCode(reg.phone);
      const { body } = await loginWith({ phone: reg.phone, code }, { cookie });
      expect(body.resultCode).toBe(200);
      const cart = await call<CartView>(cartGet, req('GET', '/cart', undefined, { token: body.data!.token }));
      const byId = Object.fromEntries(cart.body.data!.items.map((i) => [i.skuId, i.quantity]));
      expect(byId).toEqual({ [x]: 5, [y]: 2 });
      // the old session sees the same cart: it is the user's
      const old = await call<CartView>(cartGet, req('GET', '/cart', undefined, { token: reg.token }));
      expect(old.body.data!.items).toHaveLength(2);
      const userCarts = await db.select().from(carts).where(eq(carts.userId, reg.user.id));
      expect(userCarts).toHaveLength(1);
    } finally {
      await db.update(skus).set({ stock }).where(eq(skus.id, x));
    }
  });

  it('an unknown or malformed cart-id cookie at login is harmless', async () => {
    for (const cookie of ['cart-id=nonsense', 'cart-id=%E0%A4%A', `cart-id=${'z'.repeat(3000)}`]) {
      const phone = newPhone();
      const code = await sendCode(phone);
      const { body } = await loginWith({ phone, code }, { cookie });
      expect(body.resultCode).toBe(200);
    }
  });

  it('a failed login does not touch the anonymous cart', async () => {
    const [x] = await skuIds();
    const { cookie } = await addAnon(undefined, x, 1);
    const { res } = await loginWith({ phone: newPhone(), code: '123456' }, { cookie });
    expect(res.status).toBe(400);
    expect(res.headers.get('set-cookie')).toBeNull();
    const anon = await call<CartView>(cartGet, req('GET', '/cart', undefined, { cookie }));
    expect(anon.body.data!.items).toHaveLength(1);
  });
});
