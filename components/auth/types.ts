/** What GET /api/v1/user/profile answers (and getPageUser() returns on the server). */
import type { LoginResult, Profile } from '@/lib/server/modules/accounts';

export type { LoginResult, Profile };

/** POST /auth/sms-code and POST /user/password-code. */
export type SmsCodeResult = { cooldownSeconds: number; devCode?: string };

/** The name shown for a user: the nickname, else the masked phone. */
export function displayName(p: Pick<Profile, 'nickname' | 'phone'>): string {
  return p.nickname?.trim() || p.phone;
}
