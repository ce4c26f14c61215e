/** What GET /api/v1/user/profile answers (and getPageUser() returns on the server). */
export type Profile = {
  id: number;
  /** Masked: 138****0000. */
  phone: string;
  nickname: string | null;
  email: string | null;
  hasPassword: boolean;
};

/** POST /auth/sms-code and POST /user/password-code. */
export type SmsCodeResult = { cooldownSeconds: number; devCode?: string };

/** POST /auth/login. */
export type LoginResult = { token: string; expiresAt: string; user: Profile };

/** The name shown for a user: the nickname, else the masked phone. */
export function displayName(p: Pick<Profile, 'nickname' | 'phone'>): string {
  return p.nickname?.trim() || p.phone;
}
