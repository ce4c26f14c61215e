/** 线索: the /deployment submissions, newest first, paged. */
import { desc, sql } from 'drizzle-orm';
import { pageQuerySchema } from '../../../validation/admin';
import { getDb } from '../../db/client';
import { leads } from '../../db/schema';

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

export async function listLeadsPage(query: unknown): Promise<{ items: LeadRow[]; total: number; page: number; pageSize: number }> {
  const q = pageQuerySchema.parse(query);
  const db = await getDb();
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(leads);
  const rows = await db
    .select()
    .from(leads)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    items: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      name: r.name,
      company: r.company,
      phone: r.phone,
      email: r.email,
      product: r.product,
      seats: r.seats,
      message: r.message,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
