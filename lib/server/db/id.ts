import { DB_INT_MAX } from '../../domain/money';

/** A database id (1 … DB_INT_MAX) from a route segment or a caller's number, or null when it cannot be one. */
export function parseId(raw: number | string): number | null {
  const id = typeof raw === 'number' ? raw : /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= DB_INT_MAX ? id : null;
}
