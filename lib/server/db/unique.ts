/**
 * Unique violations (PostgreSQL 23505), as drizzle hands them on (the driver's error, or wrapping it
 * in `cause`), and drawing a random number again when the one drawn was already taken.
 */
import 'server-only';

type PgError = { code?: string; constraint?: string; cause?: unknown };

/** Whether `err` is a unique violation (of `constraint`, when named). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as PgError | undefined; e; e = e.cause as PgError | undefined) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  }
  return false;
}

/**
 * Runs `attempt` (a whole transaction that inserts a row numbered at random: an order, an after-sales
 * request) again when it failed only because its number was taken by another row drawn the same
 * second, up to three times in all; nothing of a failed attempt was kept.
 */
export async function drawAgainIfTaken<T>(constraint: string, attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (n >= 3 || !isUniqueViolation(err, constraint)) throw err;
    }
  }
}
