/**
 * Accounts: SMS codes, login (code or password), sessions, logout, profile and password.
 * Codes are HMAC'd and tokens hashed at rest; every limit of DESIGN §7 / issue 3 lives here.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import {
  AUTH_TOKEN_MAX_AGE_S,
  PASSWORD_LOCK_MIN,
  PASSWORD_MAX_FAILURES,
  SMS_CODE_TTL_S,
  SMS_MAX_ATTEMPTS,
  SMS_PER_IP_HOUR,
  SMS_PER_PHONE_DAY,
  SMS_PER_PHONE_HOUR,
  SMS_RESEND_S,
} from '../../constants';
import { shopMode } from '../../site';
import { changePasswordSchema, loginSchema, profileSchema, smsCodeRequestSchema } from '../../validation/auth';
import { maskPhone } from '../../validation/phone';
import { hmac, newToken, safeEqualHex, sha256, sixDigitCode } from '../crypto';
import { getDb, type Db } from '../db/client';
import { sessions, smsCodes, users } from '../db/schema';
import { badRequest, notLoggedIn, tooMany } from '../errors';
import { log } from '../log';
import { smsProvider } from '../sms/provider';

export type Profile = { id: number; phone: string; nickname: string | null; email: string | null; hasPassword: boolean };
export type SessionUser = Profile & { role: string; sessionId: number };

type UserRow = typeof users.$inferSelect;

export function toProfile(u: UserRow): Profile {
  return { id: u.id, phone: maskPhone(u.phone), nickname: u.nickname, email: u.email, hasPassword: Boolean(u.passwordHash) };
}

const codeHash = (phone: string, code: string) => hmac(`${phone}:${code}`);
const ago = (s: number) => new Date(Date.now() - s * 1000);

// ------------------------------------------------------------------ SMS codes

/** Issues a 6-digit login code for `phone` if the limits allow; demo mode returns it as devCode. */
export async function issueSmsCode(phone: string, ip: string | null): Promise<{ cooldownSeconds: number; devCode?: string }> {
  const db = await getDb();
  const [last] = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(eq(smsCodes.phone, phone))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (last) {
    const wait = Math.ceil(SMS_RESEND_S - (Date.now() - last.createdAt.getTime()) / 1000);
    if (wait > 0) throw tooMany(`请 ${wait} 秒后再获取验证码`);
  }
  const count = async (cond: ReturnType<typeof and>) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(smsCodes).where(cond))[0].n;
  if ((await count(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, ago(3600))))) >= SMS_PER_PHONE_HOUR)
    throw tooMany('验证码获取太频繁，请 1 小时后再试');
  if ((await count(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, ago(86_400))))) >= SMS_PER_PHONE_DAY)
    throw tooMany('今日验证码获取次数已达上限，请明天再试');
  if (ip && (await count(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, ago(3600))))) >= SMS_PER_IP_HOUR)
    throw tooMany('当前网络获取验证码太频繁，请稍后再试');

  const code = sixDigitCode();
  await db.insert(smsCodes).values({
    phone,
    ip,
    codeHash: codeHash(phone, code),
    expiresAt: new Date(Date.now() + SMS_CODE_TTL_S * 1000),
  });
  await smsProvider().send({ phone, template: 'login_code', params: { code, minutes: SMS_CODE_TTL_S / 60 } });
  return shopMode() === 'demo' ? { cooldownSeconds: SMS_RESEND_S, devCode: code } : { cooldownSeconds: SMS_RESEND_S };
}

export async function requestLoginCode(input: unknown, ip: string | null) {
  const { phone } = smsCodeRequestSchema.parse(input);
  return issueSmsCode(phone, ip);
}

/**
 * Checks `code` against the newest live code of `phone` and burns it on success (single use).
 * A wrong code counts an attempt; the fifth wrong attempt burns the code.
 */
async function consumeSmsCode(db: Db, phone: string, code: string): Promise<void> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, new Date())))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row || row.attempts >= SMS_MAX_ATTEMPTS) throw badRequest('验证码已失效，请重新获取');
  if (!safeEqualHex(row.codeHash, codeHash(phone, code))) {
    const [after] = await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id))
      .returning({ attempts: smsCodes.attempts });
    const left = SMS_MAX_ATTEMPTS - (after?.attempts ?? SMS_MAX_ATTEMPTS);
    throw badRequest(left > 0 ? `验证码错误，还可尝试 ${left} 次` : '验证码错误次数过多，请重新获取');
  }
  const used = await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt), sql`${smsCodes.attempts} < ${SMS_MAX_ATTEMPTS}`))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw badRequest('验证码已失效，请重新获取');
}

// ------------------------------------------------------------------ login, sessions

async function openSession(db: Db, userId: number, userAgent: string | null) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + AUTH_TOKEN_MAX_AGE_S * 1000);
  await db.insert(sessions).values({ userId, tokenHash: sha256(token), expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
  return { token, expiresAt: expiresAt.toISOString() };
}

export type LoginResult = { token: string; expiresAt: string; user: Profile };

export async function login(input: unknown, userAgent: string | null): Promise<LoginResult> {
  const v = loginSchema.parse(input);
  const db = await getDb();
  if ('code' in v) {
    await consumeSmsCode(db, v.phone, v.code);
    await db.insert(users).values({ phone: v.phone }).onConflictDoNothing({ target: users.phone });
    const [user] = await db.select().from(users).where(eq(users.phone, v.phone));
    // A code login proves the phone: it also lifts a password lock.
    if (user.failedLogins || user.lockedUntil) await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
    return { ...(await openSession(db, user.id, userAgent)), user: toProfile(user) };
  }

  const [user] = await db.select().from(users).where(eq(users.phone, v.phone));
  if (user?.lockedUntil && user.lockedUntil > new Date()) {
    const min = Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000);
    throw tooMany(`密码错误次数过多，请 ${min} 分钟后再试，或使用验证码登录`);
  }
  // A lock that has passed starts the count afresh (else one wrong password would lock again).
  if (user?.lockedUntil) await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  const ok = Boolean(user?.passwordHash) && (await argonVerify(user!.passwordHash!, v.password).catch(() => false));
  if (!user || !ok) {
    if (user) {
      const [after] = await db
        .update(users)
        .set({
          failedLogins: sql`${users.failedLogins} + 1`,
          lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${PASSWORD_MAX_FAILURES} then now() + make_interval(mins => ${PASSWORD_LOCK_MIN}) else ${users.lockedUntil} end`,
        })
        .where(eq(users.id, user.id))
        .returning({ failed: users.failedLogins });
      if (after && after.failed >= PASSWORD_MAX_FAILURES) {
        log.warn({ userId: user.id }, 'password login locked');
        throw tooMany(`密码错误次数过多，请 ${PASSWORD_LOCK_MIN} 分钟后再试，或使用验证码登录`);
      }
    }
    throw badRequest('手机号或密码错误');
  }
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  return { ...(await openSession(db, user.id, userAgent)), user: toProfile(user) };
}

/** The user behind a token, or null when missing, unknown, expired or revoked. */
export async function findSessionUser(token: string | null | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const db = await getDb();
  const [row] = await db
    .select({ u: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  return row ? { ...toProfile(row.u), role: row.u.role, sessionId: row.sessionId } : null;
}

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
  return issueSmsCode(u.phone, ip);
}

export async function changePassword(userId: number, input: unknown): Promise<void> {
  const v = changePasswordSchema.parse(input);
  const db = await getDb();
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if ('code' in v) {
    await consumeSmsCode(db, u.phone, v.code);
  } else {
    const ok = Boolean(u.passwordHash) && (await argonVerify(u.passwordHash!, v.oldPassword).catch(() => false));
    if (!ok) throw badRequest(u.passwordHash ? '原密码不正确' : '尚未设置密码，请用验证码设置');
  }
  await db
    .update(users)
    .set({ passwordHash: await argonHash(v.newPassword), failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
