/** 线索: the /deployment submissions, newest first, paged. */
import 'server-only';
import { desc } from 'drizzle-orm';
import { pageQuerySchema } from '../../../validation/admin';
import { getDb } from '../../db/client';
import { countRows, paged, type Page } from '../../db/paged';
import { leads } from '../../db/schema';
import { iso } from '../../iso';

export type LeadRow = {
  id: number;
  createdAt: string;
  name: string;
  company: string;
  phone: string;
  email: string | null;
  product: string;
  seats: number | null;
  message: string;
};

export async function listLeadsPage(query: unknown): Promise<Page<LeadRow>> {
  const q = pageQuerySchema.parse(query);
  const db = await getDb();
  const count = db.select({ total: countRows }).from(leads);
  const rows = db.select().from(leads).orderBy(desc(leads.createdAt), desc(leads.id)).$dynamic();
  return paged(q, count, rows, (page) =>
    page.map((r) => ({
      id: r.id,
      createdAt: iso(r.createdAt),
      name: r.name,
      company: r.company,
      phone: r.phone,
      email: r.email,
      product: r.product,
      seats: r.seats,
      message: r.message,
    })),
  );
}
