/**
 * Accounts: SMS codes, login (code or password), sessions, logout, profile and password.
 * Codes are HMAC'd and tokens hashed at rest; every account limit (docs/rules.md) lives here.
 * Each limit is taken atomically in the database before the work it guards, so it holds under
 * simultaneous requests and across several shop processes on one database.
 */
import 'server-only';
import { grantRegistrationCoupons } from '../coupons';
import { and, desc, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { AUTH_TOKEN_MAX_AGE_S } from '../../../web/sessions';
import { PASSWORD_LOCK_MIN, PASSWORD_MAX_FAILURES } from '../../limits';
import { SMS_CODE_LENGTH, SMS_CODE_TTL_S, SMS_MAX_ATTEMPTS, SMS_RESEND_S } from '../../../domain/sms-codes';
import { SMS_PER_IP_HOUR, SMS_PER_PHONE_DAY, SMS_PER_PHONE_HOUR } from '../../sms/limits';
import { shopMode } from '../../../site';
import { changePasswordSchema, loginSchema, profileSchema, smsCodeRequestSchema } from '../../../validation/auth';
import { maskPhone } from '../../../validation/phone';
import { hmac, newToken, randomDigits, safeEqualHex, sha256 } from '../../crypto';
import { getDb, withTx, type DbOrTx } from '../../db/client';
import { countRows } from '../../db/paged';
import { preparedQuery } from '../../db/prepared';
import { sessions, smsCodes, users } from '../../db/schema';
import { badRequest, notLoggedIn, tooMany } from '../../errors';
import { iso } from '../../iso';
import { log } from '../../log';
import { smsProvider } from '../../sms/provider';

export type Profile = { id: number; phone: string; nickname: string | null; email: string | null; hasPassword: boolean };
export type SessionUser = Profile & { role: string; sessionId: number };

type UserRow = typeof users.$inferSelect;

function toProfile(u: Pick<UserRow, 'id' | 'phone' | 'nickname' | 'email' | 'passwordHash'>): Profile {
  return { id: u.id, phone: maskPhone(u.phone), nickname: u.nickname, email: u.email, hasPassword: Boolean(u.passwordHash) };
}

const codeHash = (phone: string, code: string) => hmac(`${phone}:${code}`);

/**
 * What a code is for: 'login' (logging in), 'password' (设置/修改登录密码 by a logged-in shopper) or
 * 'deregister' (注销账号, docs/privacy.md). Each waits out its own resend time (docs/rules.md#sms-codes).
 */
export type SmsPurpose = 'login' | 'password' | 'deregister';
const SMS_TEMPLATE = { login: 'login_code', password: 'password_code', deregister: 'deregister_code' } as const;
const ago = (s: number) => new Date(Date.now() - s * 1000);

// ------------------------------------------------------------------ SMS codes

/**
 * Issues a 6-digit login code for `phone` if the limits allow; demo mode returns it as devCode.
 * The limits are checked and the code stored in one transaction that holds an advisory lock on the
 * phone and on the IP, so simultaneous requests (from any number of shop processes on the database)
 * are counted one after another. Phone before IP, always: the same order everywhere cannot deadlock.
 * The SMS goes out after the commit, so a slow provider holds no lock; the code already counts.
 * The resend wait is per phone and purpose, so a login code just sent does not hold up a password or 注销账号 code;
 * the hourly, daily and IP caps count every purpose (docs/rules.md#sms-codes). A code is only good for its own purpose.
 */
export async function issueSmsCode(
  phone: string,
  ip: string | null,
  purpose: SmsPurpose = 'login',
): Promise<{ cooldownSeconds: number; devCode?: string }> {
  const code = randomDigits(SMS_CODE_LENGTH);
  await withTx(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms_codes.phone'), hashtext(${phone}))`);
    if (ip) await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms_codes.ip'), hashtext(${ip}))`);

    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last) {
      const wait = Math.ceil(SMS_RESEND_S - (Date.now() - last.createdAt.getTime()) / 1000);
      if (wait > 0) throw tooMany(`请 ${wait} 秒后再获取验证码`);
    }
    const count = async (cond: ReturnType<typeof and>) =>
      (await tx.select({ n: countRows }).from(smsCodes).where(cond))[0].n;
    if ((await count(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, ago(3600))))) >= SMS_PER_PHONE_HOUR)
      throw tooMany('验证码获取太频繁，请 1 小时后再试');
    if ((await count(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, ago(86_400))))) >= SMS_PER_PHONE_DAY)
      throw tooMany('今日验证码获取次数已达上限，请明天再试');
    if (ip && (await count(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, ago(3600))))) >= SMS_PER_IP_HOUR)
      throw tooMany('当前网络获取验证码太频繁，请稍后再试');

    await tx.insert(smsCodes).values({
      phone,
      ip,
      codeHash: codeHash(phone, code),
      purpose,
      expiresAt: new Date(Date.now() + SMS_CODE_TTL_S * 1000),
    });
  });
  await smsProvider().send({ phone, template: SMS_TEMPLATE[purpose], params: { code, minutes: SMS_CODE_TTL_S / 60 } });
  return shopMode() === 'demo' ? { cooldownSeconds: SMS_RESEND_S, devCode: code } : { cooldownSeconds: SMS_RESEND_S };
}

export async function requestLoginCode(input: unknown, ip: string | null) {
  const { phone } = smsCodeRequestSchema.parse(input);
  return issueSmsCode(phone, ip);
}

/**
 * Checks `code` against the newest live code of `phone` and burns it on success (single use).
 * Each guess first takes one of the code's attempts in a single conditional UPDATE, so simultaneous
 * guesses can never compare more than SMS_MAX_ATTEMPTS times; the fifth wrong guess spends the code.
 */
export async function consumeSmsCode(db: DbOrTx, phone: string, code: string, purpose: SmsPurpose = 'login'): Promise<void> {
  const [row] = await db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, new Date())))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  const [attempt] = row
    ? await db
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1` })
        .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt), lt(smsCodes.attempts, SMS_MAX_ATTEMPTS)))
        .returning({ attempts: smsCodes.attempts, codeHash: smsCodes.codeHash })
    : [];
  if (!attempt) throw badRequest('验证码已失效，请重新获取');
  if (!safeEqualHex(attempt.codeHash, codeHash(phone, code))) {
    const left = SMS_MAX_ATTEMPTS - attempt.attempts;
    throw badRequest(left > 0 ? `验证码错误，还可尝试 ${left} 次` : '验证码错误次数过多，请重新获取');
  }
  // Only one of several simultaneous right answers may use the code.
  const used = await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw badRequest('验证码已失效，请重新获取');
}

// ------------------------------------------------------------------ login, sessions

async function openSession(db: DbOrTx, userId: number, userAgent: string | null) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + AUTH_TOKEN_MAX_AGE_S * 1000);
  await db.insert(sessions).values({ userId, tokenHash: sha256(token), expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
  return { token, expiresAt: iso(expiresAt) };
}

export type LoginResult = { token: string; expiresAt: string; user: Profile };

export async function login(input: unknown, userAgent: string | null): Promise<LoginResult> {
  const v = loginSchema.parse(input);
  const db = await getDb();
  if ('code' in v) {
    await consumeSmsCode(db, v.phone, v.code);
    // A new account and its 新人券 in one transaction (docs/coupons.md#claiming).
    await withTx(async (tx) => {
      const [made] = await tx.insert(users).values({ phone: v.phone }).onConflictDoNothing({ target: users.phone }).returning({ id: users.id });
      if (made) await grantRegistrationCoupons(tx, made.id);
    });
    const [user] = await db.select().from(users).where(eq(users.phone, v.phone));
    // A code login proves the phone: it also lifts a password lock.
    if (user.failedLogins || user.lockedUntil) await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
    return { ...(await openSession(db, user.id, userAgent)), user: toProfile(user) };
  }

  const user = await reservePasswordAttempt(db, v.phone);
  if (!user) {
    const minutes = await lockMinutesLeft(db, v.phone);
    if (minutes > 0) throw tooMany(lockedMessage(minutes));
    // An unknown phone costs a verification too, so the answer's timing does not tell it apart.
    await argonVerify(await dummyHash(), v.password).catch(() => false);
    throw badRequest('手机号或密码错误');
  }
  // Likewise an account without a password: verified against the stand-in hash, never accepted.
  const verified = await argonVerify(user.passwordHash ?? (await dummyHash()), v.password).catch(() => false);
  const ok = Boolean(user.passwordHash) && verified;
  if (!ok) {
    if (user.failedLogins >= PASSWORD_MAX_FAILURES) {
      log.warn({ userId: user.id }, 'password login locked');
      throw tooMany(lockedMessage(PASSWORD_LOCK_MIN));
    }
    throw badRequest('手机号或密码错误');
  }
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  return { ...(await openSession(db, user.id, userAgent)), user: toProfile(user) };
}

/** Whole minutes until `phone`'s password lock passes; 0 when it is not locked. */
async function lockMinutesLeft(db: DbOrTx, phone: string): Promise<number> {
  const [row] = await db.select({ until: users.lockedUntil }).from(users).where(eq(users.phone, phone));
  return row?.until && row.until > new Date() ? Math.ceil((row.until.getTime() - Date.now()) / 60_000) : 0;
}

const lockedMessage = (minutes: number) => `密码错误次数过多，请 ${minutes} 分钟后再试，或使用验证码登录`;

/**
 * Takes one password attempt of `phone`'s account before its password is verified, in a single
 * conditional UPDATE: simultaneous tries can never verify more than PASSWORD_MAX_FAILURES times a
 * lock window. failed_logins counts the attempts taken (a success sets it back to 0); the attempt
 * that uses the last one locks the account at once, so a crash before its verdict cannot leave the
 * account refusing forever. A lock that has passed starts the count afresh. Returns the user with
 * the count including this attempt, or nothing when the phone is unknown or the account locked.
 */
async function reservePasswordAttempt(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
  const taken = sql`(case when ${users.lockedUntil} is null then ${users.failedLogins} else 0 end) + 1`;
  const [user] = await db
    .update(users)
    .set({
      failedLogins: taken,
      lockedUntil: sql`case when ${taken} >= ${PASSWORD_MAX_FAILURES} then now() + make_interval(mins => ${PASSWORD_LOCK_MIN}) end`,
    })
    .where(and(eq(users.phone, phone), or(isNull(users.lockedUntil), lte(users.lockedUntil, sql`now()`))))
    .returning();
  return user;
}

/** An argon2 hash of nothing anyone knows, to verify against when there is no account. */
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= argonHash(newToken()));

/** The user behind a token, or null when missing, unknown, expired or revoked. */
export async function findSessionUser(token: string | null | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await sessionUserQuery(await getDb()).execute({ hash: sha256(token) });
  return row ? { ...toProfile(row), role: row.role, sessionId: row.sessionId } : null;
}

/** Asked by nearly every request: prepared once (lib/server/db/prepared.ts). */
const sessionUserQuery = preparedQuery((db) =>
  db
    .select({ id: users.id, phone: users.phone, nickname: users.nickname, email: users.email, passwordHash: users.passwordHash, role: users.role, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), isNull(users.deletedAt)))
    .prepare('session_user'),
);

export async function requireSessionUser(token: string | null | undefined): Promise<SessionUser> {
  const user = await findSessionUser(token);
  if (!user) throw notLoggedIn(token ? '登录已过期，请重新登录' : '请先登录');
  return user;
}

export async function logout(token: string | null | undefined): Promise<void> {
  if (!token) return;
  const db = await getDb();
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));
}

// ------------------------------------------------------------------ profile, password

export async function getProfile(userId: number): Promise<Profile> {
  const db = await getDb();
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  return toProfile(u);
}

export async function updateProfile(userId: number, input: unknown): Promise<Profile> {
  const v = profileSchema.parse(input);
  const db = await getDb();
  const [u] = await db
    .update(users)
    .set({ nickname: v.nickname || null, email: v.email || null, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return toProfile(u);
}

/** Sends a code to the logged-in user's own phone (setting or changing the password). */
export async function requestPasswordCode(userId: number, ip: string | null) {
  const db = await getDb();
  const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return issueSmsCode(u.phone, ip, 'password');
}

/** Sets or changes the password; every other session of the user ends (`sessionId`, the caller's, stays). */
export async function changePassword(userId: number, sessionId: number, input: unknown): Promise<void> {
  const v = changePasswordSchema.parse(input);
  const db = await getDb();
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if ('code' in v) {
    await consumeSmsCode(db, u.phone, v.code, 'password');
  } else {
    if (!u.passwordHash) throw badRequest('尚未设置密码，请用验证码设置');
    // The old password is guessed under the same attempt limit as a login: a stolen session must not
    // become an unlimited guessing oracle.
    const taken = await reservePasswordAttempt(db, u.phone);
    if (!taken) throw tooMany(lockedMessage(await lockMinutesLeft(db, u.phone)));
    if (!(await argonVerify(u.passwordHash, v.oldPassword).catch(() => false))) {
      throw taken.failedLogins >= PASSWORD_MAX_FAILURES ? tooMany(lockedMessage(PASSWORD_LOCK_MIN)) : badRequest('原密码不正确');
    }
  }
  const passwordHash = await argonHash(v.newPassword);
  // Whoever held the old password (or another device) is logged out with it.
  await withTx(async (tx) => {
    await tx.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId), isNull(sessions.revokedAt)));
  });
}
