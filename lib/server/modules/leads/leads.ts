import 'server-only';
import { leadSchema } from '../../../validation/lead';
import { getDb } from '../../db/client';
import { leads } from '../../db/schema';

/** Saves a /deployment submission; input is validated by the shared schema. */
export async function createLead(input: unknown): Promise<{ id: number }> {
  const v = leadSchema.parse(input);
  const db = await getDb();
  const [row] = await db
    .insert(leads)
    .values({
      name: v.name,
      company: v.company,
      phone: v.phone,
      email: v.email || null,
      product: v.product,
      seats: typeof v.seats === 'number' ? v.seats : null,
      message: v.message,
    })
    .returning({ id: leads.id });
  return row;
}
