/**
 * When the browser client tries a request again, and after how long (docs/decisions/retries.md#client):
 * no answer at all (the network, an instance killed under it), 502/503/504 (the front found no instance,
 * or one shed its load) and 409 with Retry-After (the same action still being worked on). A GET is
 * always safe to send again; a mutation only because it carries its Idempotency-Key. Backoff doubles
 * from RETRY_FIRST_DELAY_MS up to RETRY_MAX_DELAY_MS with full jitter, never sooner than Retry-After,
 * and the whole stops within RETRY_BUDGET_MS.
 */

/** How long the client keeps trying a request; its first backoff and its longest. */
export const RETRY_BUDGET_MS = 20_000;
const RETRY_FIRST_DELAY_MS = 300;
const RETRY_MAX_DELAY_MS = 4_000;

const AGAIN_STATUSES = new Set([502, 503, 504]);

export function answerIsRetryable(res: Response): boolean {
  return AGAIN_STATUSES.has(res.status) || (res.status === 409 && res.headers.has('retry-after'));
}

/** Retry-After in ms (seconds or an HTTP date), or 0 when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (!value) return 0;
  const s = Number(value);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/**
 * The wait before try number `attempt + 2`, or null when it would end past the budget (`elapsedMs`
 * since the first try). `random` is Math.random (a parameter so the tests can pin it).
 */
export function nextDelay(attempt: number, elapsedMs: number, retryAfter: number, random = Math.random): number | null {
  const ceiling = Math.min(RETRY_MAX_DELAY_MS, RETRY_FIRST_DELAY_MS * 2 ** attempt);
  const delay = Math.max(retryAfter, Math.round(ceiling / 2 + (random() * ceiling) / 2));
  return elapsedMs + delay > RETRY_BUDGET_MS ? null : delay;
}

/**
 * A new idempotency key: a UUID, or 128 random bits in hex where randomUUID is missing (a page on plain
 * http outside localhost). One per shopper action; the checkout keeps one per page view for its order.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
