import { parseId } from '../db/id';
import { notFound } from '../errors';

/** A numeric id from a route segment; anything else is simply not found. */
export async function idParam(params: Promise<{ id: string }>): Promise<number> {
  const id = parseId((await params).id);
  if (id === null) throw notFound();
  return id;
}
