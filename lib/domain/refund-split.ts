/**
 * How what was paid for an order line is split into parts (docs/after-sales.md#money): the one rule both
 * an after-sales refund and a 价保 claim price a line's units by. Pure and browser-safe.
 */

/** One order line as a refund sees it: bought, paid, and what earlier requests already count. */
export type LineState = {
  id: number;
  quantity: number;
  paidFen: number;
  /** Units in open or finished requests (not rejected or withdrawn). */
  countedQty: number;
  /** Of those, units that come back for money (not exchanges). */
  countedRefundQty: number;
  /** What those requests give back for this line. */
  countedRefundFen: number;
};

/**
 * A line's share for `q` more units: paid × q / bought, rounded down, except that the request taking
 * the last unit back takes the remainder, so the parts of a line add up to exactly what was paid for it.
 */
export function lineShare(line: LineState, q: number): number {
  if (line.countedRefundQty + q >= line.quantity) return line.paidFen - line.countedRefundFen;
  return Math.floor((line.paidFen * q) / line.quantity);
}
