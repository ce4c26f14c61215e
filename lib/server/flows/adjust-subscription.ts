/**
 * The console's 延长/缩短服务期 (docs/subscriptions.md#the-console): the subscription module moves the end
 * and writes the history's `adjusted` row, the audit module the operator's entry, in one transaction, so
 * neither is ever there without the other. Answers the subscription as the console sees it.
 */
import 'server-only';
import { shopDateTime } from '../../domain/shop-time';
import { subscriptionAdjustSchema } from '../../validation/subscription-admin';
import { withTx } from '../db/client';
import { log } from '../log';
import { writeAudit } from '../modules/audit';
import { adjustTermTx } from '../modules/subscription';
import { getConsoleSubscription, type ConsoleSubscription } from '../views/console-subscription';

export async function adjustSubscription(id: number, input: unknown, operatorId: number): Promise<ConsoleSubscription> {
  const { days, reason } = subscriptionAdjustSchema.parse(input);
  const moved = await withTx(async (tx) => {
    const m = await adjustTermTx(tx, id, days, reason, operatorId);
    await writeAudit(tx, {
      actorUserId: operatorId,
      action: 'subscription.adjust',
      entity: 'subscription',
      entityId: id,
      before: { endsAt: shopDateTime(m.fromEndsAt) },
      after: { endsAt: shopDateTime(m.toEndsAt), days, reason },
    });
    return m;
  });
  log.info({ subscriptionId: id, operatorId, days, toEndsAt: moved.toEndsAt.toISOString() }, 'subscription term adjusted');
  return getConsoleSubscription(id);
}
