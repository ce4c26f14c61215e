/** What 价保 asks of a shopper's orders (docs/rules.md#价保): the kept orders paid since a moment, newest first. */
import 'server-only';
import { and, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import type { OrderRow } from './rows';

/** The shopper's orders paid since `since` and still kept (待发货, 待收货, 已完成), not deleted; newest payment first. */
export function keptOrdersPaidSince(db: DbOrTx, userId: number, since: Date): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['paid', 'shipped', 'completed']), gte(orders.paidAt, since), isNull(orders.hiddenAt)))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(200);
}
