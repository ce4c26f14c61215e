/** Server components: the logged-in user from the auth-token cookie (makes the page per-request). */
import { cookies } from 'next/headers';
import { AUTH_COOKIE } from '../web/sessions';
import { findSessionUser, type Profile } from '../server/modules/accounts';

export async function getPageUser(): Promise<Profile | null> {
  const token = (await cookies()).get(AUTH_COOKIE)?.value;
  const user = await findSessionUser(token);
  if (!user) return null;
  const { role: _r, sessionId: _s, ...profile } = user;
  return profile;
}
