/**
 * A paid service order's lines become subscriptions (docs/subscriptions.md#what-a-purchase-makes): a
 * per-seat SKU's line is one subscription of that many seats, any other line that many subscriptions of
 * one; every seat gets its activation code. Within the transaction that marks the order paid.
 */
import 'server-only';
import { randomInt } from 'node:crypto';
import { servicePlan } from '../../../domain/subscription';
import type { Tx } from '../../db/client';
import { licenses, subscriptionEvents, subscriptions } from '../../db/schema';
import { skuCodes } from '../catalog';

/** Activation codes like 7KQ2-M9XD-4RTA-PZ3F, from the CSPRNG (no 0/O/1/I). */
export function licenseCode(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const part = () => Array.from({ length: 4 }, () => alphabet[randomInt(0, alphabet.length)]).join('');
  return `${part()}-${part()}-${part()}-${part()}`;
}

export type PaidServiceLine = { id: number; productId: number; skuId: number; quantity: number };

/** The subscriptions and codes of a paid order's service lines. */
export async function issueSubscriptions(tx: Tx, order: { id: number; userId: number }, lines: readonly PaidServiceLine[]): Promise<void> {
  if (lines.length === 0) return;
  const codes = await skuCodes(tx, lines.map((l) => l.skuId));
  for (const line of lines) {
    const sku = codes.get(line.skuId);
    const perSeat = sku ? servicePlan(sku).perSeat : false;
    const groups = perSeat ? [line.quantity] : Array.from({ length: line.quantity }, () => 1);
    for (const seats of groups) {
      const [s] = await tx
        .insert(subscriptions)
        .values({ userId: order.userId, productId: line.productId, skuId: line.skuId, orderId: order.id, orderItemId: line.id, seats })
        .returning({ id: subscriptions.id });
      await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, kind: 'created', orderId: order.id, seats });
      await tx.insert(licenses).values(
        Array.from({ length: seats }, () => ({ subscriptionId: s.id, orderId: order.id, orderItemId: line.id, userId: order.userId, productId: line.productId, code: licenseCode() })),
      );
    }
  }
}
