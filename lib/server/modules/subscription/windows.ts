/**
 * A state's window (lib/domain/subscription-console.ts) as a condition on the subscriptions table, so a
 * list or a figure filters by state in SQL with the rule `subscriptionState` reads, and pages and counts
 * agree with the state each row shows.
 */
import 'server-only';
import { and, gt, gte, isNotNull, isNull, lt, lte, type SQL } from 'drizzle-orm';
import type { StateWindow } from '../../../domain/subscription-console';
import { subscriptions } from '../../db/schema';

export function windowWhere(w: StateWindow): SQL {
  if (w.refunded) return isNotNull(subscriptions.refundedAt);
  if (!w.started) return and(isNull(subscriptions.refundedAt), isNull(subscriptions.endsAt))!;
  const conds: SQL[] = [isNull(subscriptions.refundedAt), isNotNull(subscriptions.endsAt)];
  if (w.endsAfter) conds.push(gt(subscriptions.endsAt, w.endsAfter));
  if (w.endsFrom) conds.push(gte(subscriptions.endsAt, w.endsFrom));
  if (w.endsUpTo) conds.push(lte(subscriptions.endsAt, w.endsUpTo));
  if (w.endsBefore) conds.push(lt(subscriptions.endsAt, w.endsBefore));
  return and(...conds)!;
}
