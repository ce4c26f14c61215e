/**
 * 自动续费 contracts (docs/subscriptions.md#自动续费): the shopper's own subscription, the one live contract
 * of a subscription (the partial unique index lets one be signing or active at a time, whoever asks at
 * the same moment), its signing page kept once, and the one writer of its state (a guarded UPDATE by
 * the table of moves in lib/domain/auto-renew.ts).
 */
import 'server-only';
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { CONTRACT_CHANNEL_LABEL, CONTRACT_STATE_LABEL, CONTRACT_TRANSITIONS, type AutoRenewView, type ContractChannel, type ContractEndedBy, type ContractState, type ContractTarget } from '../../../domain/auto-renew';
import { checkedFroms } from '../../../domain/moves';
import { shopStamp } from '../../../domain/shop-time';
import { randomDigits } from '../../crypto';
import type { DbOrTx } from '../../db/client';
import { iso } from '../../iso';
import { subscriptionContracts, subscriptions } from '../../db/schema';

export type ContractRow = typeof subscriptionContracts.$inferSelect;
export type OwnSubscription = Pick<typeof subscriptions.$inferSelect, 'id' | 'userId' | 'productId' | 'skuId' | 'seats' | 'endsAt' | 'refundedAt'>;

/** The shopper's own subscription, or null (none of that id, or another shopper's). */
export async function ownSubscription(db: DbOrTx, userId: number, id: number): Promise<OwnSubscription | null> {
  const [s] = await db
    .select({ id: subscriptions.id, userId: subscriptions.userId, productId: subscriptions.productId, skuId: subscriptions.skuId, seats: subscriptions.seats, endsAt: subscriptions.endsAt, refundedAt: subscriptions.refundedAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  return s ?? null;
}

/** The contract signing or in force for the subscription, if any. */
export async function liveContract(db: DbOrTx, subscriptionId: number): Promise<ContractRow | null> {
  const [c] = await db
    .select()
    .from(subscriptionContracts)
    .where(and(eq(subscriptionContracts.subscriptionId, subscriptionId), ne(subscriptionContracts.state, 'terminated')));
  return c ?? null;
}

/** The subscription's latest contract, whatever its state. */
export async function latestContract(db: DbOrTx, subscriptionId: number): Promise<ContractRow | null> {
  const [c] = await db.select().from(subscriptionContracts).where(eq(subscriptionContracts.subscriptionId, subscriptionId)).orderBy(desc(subscriptionContracts.id)).limit(1);
  return c ?? null;
}

export async function contractByNo(db: DbOrTx, contractNo: string): Promise<ContractRow | null> {
  const [c] = await db.select().from(subscriptionContracts).where(eq(subscriptionContracts.contractNo, contractNo));
  return c ?? null;
}

/** Our contract number: Beijing time and 8 random digits (letters and digits only, as both providers ask). */
const newContractNo = () => `${shopStamp()}${randomDigits(8)}`;

/**
 * A new signing contract for the subscription, unless one is live: then that one. Concurrent calls
 * insert at most one (the live index refuses the others, who read the winner).
 */
export async function openContract(db: DbOrTx, s: { subscriptionId: number; userId: number; channel: ContractChannel }): Promise<ContractRow> {
  const [made] = await db
    .insert(subscriptionContracts)
    .values({ ...s, contractNo: newContractNo(), state: 'signing' })
    .onConflictDoNothing()
    .returning();
  if (made) return made;
  const live = await liveContract(db, s.subscriptionId);
  // Ended between the refused insert and this read: one more try makes the new one.
  return live ?? openContract(db, s);
}

/** Keeps the first signing page asked for: every caller answers the one stored. */
export async function keepSignUrl(db: DbOrTx, contractId: number, url: string): Promise<string> {
  const [set] = await db
    .update(subscriptionContracts)
    .set({ signUrl: url })
    .where(and(eq(subscriptionContracts.id, contractId), isNull(subscriptionContracts.signUrl)))
    .returning({ signUrl: subscriptionContracts.signUrl });
  if (set) return url;
  const [c] = await db.select({ signUrl: subscriptionContracts.signUrl }).from(subscriptionContracts).where(eq(subscriptionContracts.id, contractId));
  return c.signUrl!;
}

type MoveFacts = { providerContractId?: string; signedAt?: Date; terminatedBy?: ContractEndedBy };

/**
 * The one writer of a contract's state: from any of `from` to `to`, if the table of moves allows it;
 * the contract after the move, or null when it was elsewhere (a replay, a race lost).
 */
export async function moveContract<F extends ContractState>(db: DbOrTx, id: number, from: F | readonly F[], to: ContractTarget<F>, facts: MoveFacts = {}): Promise<ContractRow | null> {
  const froms = checkedFroms(CONTRACT_TRANSITIONS, from, to, 'a contract');
  const now = new Date();
  const [c] = await db
    .update(subscriptionContracts)
    .set({
      state: to,
      ...(facts.providerContractId ? { providerContractId: facts.providerContractId } : {}),
      ...(to === 'active' ? { signedAt: facts.signedAt ?? now } : {}),
      ...(to === 'terminated' ? { terminatedAt: now, terminatedBy: facts.terminatedBy ?? 'shopper' } : {}),
    })
    .where(and(eq(subscriptionContracts.id, id), inArray(subscriptionContracts.state, [...froms])))
    .returning();
  return c ?? null;
}

/** A contract ended before the provider's word of its signing came: the provider's id, kept for the 解约 that follows. */
export async function noteLateSigning(db: DbOrTx, id: number, providerContractId: string): Promise<boolean> {
  const rows = await db
    .update(subscriptionContracts)
    .set({ providerContractId })
    .where(and(eq(subscriptionContracts.id, id), eq(subscriptionContracts.state, 'terminated'), isNull(subscriptionContracts.providerContractId)))
    .returning({ id: subscriptionContracts.id });
  return rows.length > 0;
}

/** A contract as the shopper's screens and the API show it. */
export const contractView = (c: ContractRow): AutoRenewView => ({
  subscriptionId: c.subscriptionId,
  channel: c.channel,
  channelLabel: CONTRACT_CHANNEL_LABEL[c.channel],
  state: c.state,
  stateLabel: CONTRACT_STATE_LABEL[c.state],
  signedAt: iso(c.signedAt),
  terminatedAt: iso(c.terminatedAt),
});
