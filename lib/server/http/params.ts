import { DB_INT_MAX } from '../../constants';
import { notFound } from '../errors';

/** A numeric id from a route segment; anything else is simply not found. */
export async function idParam(params: Promise<{ id: string }>): Promise<number> {
  const raw = (await params).id;
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > DB_INT_MAX) throw notFound();
  return id;
}
