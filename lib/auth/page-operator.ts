/**
 * Server components of /admin: the operator behind the auth-token cookie, or the 404 page for
 * anyone else (anonymous visitors included). proxy.ts already sends non-operators to /404; every
 * page checks again, since a layout's check does not run on client-side navigation.
 */
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { AUTH_COOKIE } from '../web/sessions';
import { OPERATOR_ROLE } from '../domain/account-rules';
import { findSessionUser, type SessionUser } from '../server/modules/accounts';

export async function requirePageOperator(): Promise<SessionUser> {
  const token = (await cookies()).get(AUTH_COOKIE)?.value;
  const user = await findSessionUser(token);
  if (user?.role !== OPERATOR_ROLE) notFound();
  return user;
}
