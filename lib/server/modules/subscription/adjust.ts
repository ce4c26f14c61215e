/**
 * 延长/缩短服务期 by an operator (docs/subscriptions.md#the-console): the end of every seat moves by a
 * number of days, with the operator and the reason in the history. The row is locked first, so 50
 * adjustments at once each move the end from where the one before left it (none is lost), and the
 * refusals below are read from the row as it is when the move is made.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { DAY_MS, shopDateTime } from '../../../domain/shop-time';
import { adjustRefusal } from '../../../domain/subscription-console';
import type { Tx } from '../../db/client';
import { subscriptionEvents, subscriptions } from '../../db/schema';
import { conflict, notFound } from '../../errors';

export type TermAdjusted = { subscriptionId: number; fromEndsAt: Date; toEndsAt: Date };

/**
 * Moves the subscription's end by `days` (the caller validated them) in the caller's transaction: 404
 * 订阅不存在; 409 when it is 已退款, not activated yet (no term to move), or when the end would come at or
 * before the term's start.
 */
export async function adjustTermTx(tx: Tx, id: number, days: number, reason: string, operatorId: number): Promise<TermAdjusted> {
  const [s] = await tx
    .select({ startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt, refundedAt: subscriptions.refundedAt })
    .from(subscriptions)
    .where(eq(subscriptions.id, id))
    .for('update');
  if (!s) throw notFound('订阅不存在');
  const refused = adjustRefusal(s);
  if (refused) throw conflict(refused);
  const fromEndsAt = s.endsAt!;
  const toEndsAt = new Date(fromEndsAt.getTime() + days * DAY_MS);
  if (s.startsAt && toEndsAt <= s.startsAt) throw conflict(`调整后的到期时间必须晚于服务开始时间（${shopDateTime(s.startsAt).slice(0, 16)}）`);
  const now = new Date();
  await tx.update(subscriptions).set({ endsAt: toEndsAt, updatedAt: now }).where(eq(subscriptions.id, id));
  await tx.insert(subscriptionEvents).values({ subscriptionId: id, kind: 'adjusted', operatorId, reason, fromEndsAt, toEndsAt, createdAt: now });
  return { subscriptionId: id, fromEndsAt, toEndsAt };
}
