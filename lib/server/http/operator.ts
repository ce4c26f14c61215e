/**
 * The one gate of /api/v1/admin: an anonymous caller (or an expired token) gets 416, anyone
 * logged in without the operator role gets 403 「没有权限」.
 */
import { OPERATOR_ROLE } from '../../domain/account-rules';
import { forbidden } from '../errors';
import type { SessionUser } from '../modules/accounts';
import { requireUser } from './auth';

export async function requireOperator(req: Request): Promise<SessionUser> {
  const user = await requireUser(req);
  if (user.role !== OPERATOR_ROLE) throw forbidden('没有权限');
  return user;
}
