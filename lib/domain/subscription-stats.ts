/**
 * The arithmetic of 数据's 订阅 section (docs/subscriptions.md#figures): a year's price of a set of
 * subscriptions, shares, and the renewal rate by the Beijing month a term ended. The view reads the rows;
 * these functions count them, so the figures are tested here with exact numbers. Pure.
 */
import { DAY_MS, shopDay } from './shop-time';
import { GRACE_DAYS } from './subscription';

/** A group of subscriptions of one edition: its price of today (fen a seat a year) and its seats. */
export type PricedSeats = { priceFen: number; seats: number };

/** A year's price of every seat: Σ price × seats, in fen (integers all the way: exact). */
export function yearlyFen(groups: readonly PricedSeats[]): number {
  return groups.reduce((sum, g) => sum + g.priceFen * g.seats, 0);
}

/** part ÷ whole rounded to 4 decimals (0.1235 = 12.35%); 0 when whole is 0. */
export function shareOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;
}

/** One term end of one subscription, and when a renewal of that end was made (null: none). */
export type TermEnd = { subscriptionId: number; endsAt: Date; renewedAt: Date | null };

/**
 * What became of a term end by `now`: `renewed` when renewed before its 宽限期 ran out (renewing early
 * counts), `lapsed` once the 宽限期 ran out without that, `open` while it may still be renewed in time.
 */
export function termOutcome(t: Pick<TermEnd, 'endsAt' | 'renewedAt'>, now: Date): 'renewed' | 'lapsed' | 'open' {
  const graceEnd = t.endsAt.getTime() + GRACE_DAYS * DAY_MS;
  if (t.renewedAt && t.renewedAt.getTime() <= graceEnd) return 'renewed';
  return now.getTime() > graceEnd ? 'lapsed' : 'open';
}

/**
 * The term ends of a set of subscriptions: each end a renewal moved on (with its first renewal's time),
 * and each current end not among them (not renewed). One entry per subscription and end.
 */
export function termEnds(current: readonly { subscriptionId: number; endsAt: Date }[], renewals: readonly TermEnd[]): TermEnd[] {
  const key = (t: { subscriptionId: number; endsAt: Date }) => `${t.subscriptionId}:${t.endsAt.getTime()}`;
  const out = new Map<string, TermEnd>();
  for (const r of renewals) {
    const k = key(r);
    const had = out.get(k);
    if (!had || (r.renewedAt && (!had.renewedAt || r.renewedAt < had.renewedAt))) out.set(k, r);
  }
  for (const c of current) if (!out.has(key(c))) out.set(key(c), { subscriptionId: c.subscriptionId, endsAt: c.endsAt, renewedAt: null });
  return [...out.values()];
}

export type RenewalMonth = {
  /** The Beijing month the terms ended in: "2025-03". */
  month: string;
  /** Term ends in the month. */
  ended: number;
  renewed: number;
  lapsed: number;
  /** Still in their term or 宽限期, not renewed yet: counted once decided. */
  open: number;
  /** renewed ÷ (renewed + lapsed), 4 decimals; null while none is decided. */
  rate: number | null;
};

/** The Beijing months from `from`'s to `to`'s (days as 2025-03-01), each once: ["2025-03", "2025-04"]. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number);
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    if (month > last) return out;
    out.push(month);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
}

/** The instant a Beijing month starts ("2025-03" → 2025-02-28T16:00:00Z). */
export function monthStart(month: string): Date {
  return new Date(`${month}-01T00:00:00+08:00`);
}

/** The instant the Beijing month after `month` starts (an exclusive bound). */
export function monthEnd(month: string): Date {
  const [y, m] = month.split('-').map(Number);
  return monthStart(m === 12 ? `${String(y + 1).padStart(4, '0')}-01` : `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`);
}

/** The renewal rate of each month of `months`, from the term ends (those of other months are ignored). */
export function renewalByMonth(terms: readonly TermEnd[], months: readonly string[], now: Date): RenewalMonth[] {
  const rows = new Map(months.map((month) => [month, { month, ended: 0, renewed: 0, lapsed: 0, open: 0 }]));
  for (const t of terms) {
    const row = rows.get(shopDay(t.endsAt).slice(0, 7));
    if (!row) continue;
    row.ended++;
    row[termOutcome(t, now)]++;
  }
  return [...rows.values()].map((r) => ({ ...r, rate: r.renewed + r.lapsed ? shareOf(r.renewed, r.renewed + r.lapsed) : null }));
}
