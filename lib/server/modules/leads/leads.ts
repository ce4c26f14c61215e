import 'server-only';
import { leadSchema } from '../../../validation/lead';
import { withTx } from '../../db/client';
import { leads } from '../../db/schema';

/** Saves a /deployment submission; input is validated by the shared schema. */
export async function createLead(input: unknown): Promise<{ id: number }> {
  const v = leadSchema.parse(input);
  // In a transaction of its own: a retried lead (docs/decisions/retries.md) knows whether this one was written.
  const values = {
    name: v.name,
    company: v.company,
    phone: v.phone,
    email: v.email || null,
    product: v.product,
    seats: typeof v.seats === 'number' ? v.seats : null,
    message: v.message,
  };
  const [row] = await withTx((tx) => tx.insert(leads).values(values).returning({ id: leads.id }));
  return row;
}
