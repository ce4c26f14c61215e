/**
 * The one writer of invoices.status. Every move of INVOICE_TRANSITIONS (lib/domain/invoice-status.ts)
 * is one guarded `UPDATE invoices … WHERE status IN (<from>)`: the rows it changed say whether this
 * caller won, so of two racing callers (two operators, a refund and 开具) one moves the invoice and the
 * other finds nothing to move (docs/states.md#guarded-updates). Side effects that must happen once (the
 * PDF, the audit row) run in the same transaction, after a won move.
 */
import 'server-only';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { checkedFroms } from '../../../domain/moves';
import { INVOICE_TRANSITIONS, type InvoiceStatus, type InvoiceTarget } from '../../../domain/invoice-status';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema';

type InvoiceRow = typeof invoices.$inferSelect;
/** Columns a move may set besides the state (number, reason, amount …); the state's own time is set for it. */
type InvoiceChange = Partial<Omit<typeof invoices.$inferInsert, 'id' | 'status'>>;

/** The column stamped when an invoice enters a state, with the time of the move unless `set` gives one. */
const ENTERED_AT = {
  issued: 'issuedAt',
  rejected: 'rejectedAt',
} as const satisfies Partial<Record<InvoiceStatus, keyof InvoiceChange>>;

/**
 * Moves every invoice matching `where` (an id, or a condition such as its order) that is in `from` to
 * `to`; returns the invoices it moved, none when another caller won. A pair the table does not hold
 * throws before anything is written.
 */
export async function moveInvoice<F extends InvoiceStatus>(
  db: DbOrTx,
  where: number | SQL,
  from: F | readonly F[],
  to: InvoiceTarget<F>,
  set: InvoiceChange = {},
): Promise<InvoiceRow[]> {
  const froms = checkedFroms(INVOICE_TRANSITIONS, from, to, 'an invoice');
  const now = new Date();
  const stamp = to in ENTERED_AT ? { [ENTERED_AT[to as keyof typeof ENTERED_AT]]: now } : {};
  return db
    .update(invoices)
    .set({ ...stamp, updatedAt: now, ...set, status: to })
    .where(and(typeof where === 'number' ? eq(invoices.id, where) : where, inArray(invoices.status, froms)))
    .returning();
}
