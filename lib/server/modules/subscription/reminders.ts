/**
 * The sweep's renewal reminders (docs/subscriptions.md#reminders): 30, 7 and 1 days before a term ends and
 * on the day it lapses, a 消息中心 message (and an SMS as the shopper's 服务通知 setting says) with the end, a
 * year's price of today and a link that opens the renewal. Each is sent once per subscription, term end and
 * kind — the `subscription_reminders` row is written in the message's transaction, and its key refuses a
 * second — so two instances sweeping at once, or a renewal moving the end, never send one twice; a renewed
 * term gets its own reminders. A reminder whose moment passed while no sweep ran (the shop was down) is not
 * sent late: the next sweep sends the one due now.
 */
import 'server-only';
import { graceEndsAt } from '../../../domain/subscription-actions';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { formatFen } from '../../../domain/money';
import { DAY_MS, shopDateTime } from '../../../domain/shop-time';
import { DUE_SOON_DAYS } from '../../../domain/subscription';
import { getDb, withTx } from '../../db/client';
import { subscriptionContracts, subscriptionReminders, subscriptions, type ReminderKind } from '../../db/schema';
import { notify } from '../messages';
import { serviceNames } from './charges';

/** How many reminders one sweep tick sends (the rest on the next ticks). */
const BATCH = 200;

const at = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/** The reminder due for a term ending at `endsAt`: the nearest threshold it has passed. */
function dueKind(now: Date) {
  return sql<ReminderKind>`case
    when ${subscriptions.endsAt} <= ${now} then 'lapsed'
    when ${subscriptions.endsAt} <= ${at(now, 1)} then 'day_before'
    when ${subscriptions.endsAt} <= ${at(now, 7)} then 'week_before'
    else 'month_before' end`;
}

const DAYS: Partial<Record<ReminderKind, string>> = { month_before: '30', week_before: '7', day_before: '1' };

/** Sends the reminders due at `now`; answers how many went. */
export async function remindSubscriptions(now = new Date()): Promise<number> {
  const db = await getDb();
  const kind = dueKind(now);
  const due = await db
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      skuId: subscriptions.skuId,
      seats: subscriptions.seats,
      endsAt: subscriptions.endsAt,
      kind,
      autoRenew: sql<boolean>`exists (select 1 from ${subscriptionContracts} c where c.subscription_id = ${subscriptions.id} and c.state = 'active')`,
    })
    .from(subscriptions)
    .where(
      and(
        isNull(subscriptions.refundedAt),
        // From 30 days before the end to one day after it: 「今天已到期」 is not sent days late.
        gt(subscriptions.endsAt, at(now, -1)),
        lte(subscriptions.endsAt, at(now, DUE_SOON_DAYS)),
        sql`not exists (select 1 from ${subscriptionReminders} r where r.subscription_id = ${subscriptions.id} and r.ends_at = ${subscriptions.endsAt} and r.kind = ${kind})`,
      ),
    )
    .limit(BATCH);
  if (!due.length) return 0;
  const named = await serviceNames(db, due);
  let sent = 0;
  for (const s of due) {
    const names = named(s);
    if (!names) continue;
    const { service } = names;
    const price = formatFen(names.yearFen);
    const endsAt = s.endsAt!;
    await withTx(async (tx) => {
      const [kept] = await tx.insert(subscriptionReminders).values({ subscriptionId: s.id, endsAt, kind: s.kind }).onConflictDoNothing().returning({ kind: subscriptionReminders.kind });
      if (!kept) return;
      const key = `${s.id}:${endsAt.getTime()}:${s.kind}`;
      if (s.kind === 'lapsed') {
        await notify(tx, s.userId, 'subscription_lapsed', { service, graceEndsAt: shopDateTime(graceEndsAt(endsAt)).slice(0, 16), price, subscriptionId: String(s.id) }, key);
      } else {
        // With 自动续费 signed the message says it renews itself (its own notice tells the amount 5 days before).
        await notify(tx, s.userId, 'subscription_due', { service, endsAt: shopDateTime(endsAt).slice(0, 16), days: DAYS[s.kind]!, price, subscriptionId: String(s.id), ...(s.autoRenew ? { autoRenew: 'true' as const } : {}) }, key);
      }
      sent++;
    });
  }
  return sent;
}

/** The reminders a subscription was sent, oldest first (the console and the tests read them). */
export async function remindersOf(subscriptionId: number): Promise<{ kind: ReminderKind; endsAt: Date; sentAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ kind: subscriptionReminders.kind, endsAt: subscriptionReminders.endsAt, sentAt: subscriptionReminders.sentAt })
    .from(subscriptionReminders)
    .where(eq(subscriptionReminders.subscriptionId, subscriptionId))
    .orderBy(subscriptionReminders.sentAt);
}
