/**
 * JSON-lines logger. Never log secrets, tokens, codes or whole phone numbers, nor what a client sent:
 * every line passes `scrub` (below), whatever called the logger.
 */
import pino from 'pino';
import { settings } from './settings/settings';

/** Keys whose values are what a client sent or what a query carried: never written out. */
const DROPPED = new Set(['params', 'parameters', 'body', 'bytes', 'query_params', 'searchParams']);
/** A longer string is cut here (a stack trace fits; a file written out as text does not). */
const MAX_STRING = 4000;
const MAX_DEPTH = 6;

/**
 * Drizzle writes a failed query's parameters into its message (`…\nparams: 137,80,78,…`), and so into
 * its stack: they go, up to the stack's frames if any.
 */
function scrubString(s: string): string {
  const at = s.indexOf('\nparams: ');
  const frames = at === -1 ? -1 : s.indexOf('\n    at ', at);
  const cut = at === -1 ? s : `${s.slice(0, at)}\nparams: [redacted]${frames === -1 ? '' : s.slice(frames)}`;
  return cut.length > MAX_STRING ? `${cut.slice(0, MAX_STRING)}… [${cut.length - MAX_STRING} more characters]` : cut;
}

/**
 * The one redaction rule (docs/privacy.md#data-inventory): bytes (Buffer, typed arrays, ArrayBuffer) become their
 * length; `params`, `body` and the like are dropped; strings are cut at Drizzle's parameter list and at
 * MAX_STRING; an Error becomes its type, message, code, stack and cause, each scrubbed the same way.
 */
function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (depth >= MAX_DEPTH) return '[…]';
  if (value instanceof Error) {
    const e = value as Error & { code?: unknown; cause?: unknown };
    const out: Record<string, unknown> = { type: e.name === 'Error' ? e.constructor.name : e.name, message: scrubString(e.message) };
    if (e.code !== undefined) out.code = scrub(e.code, depth + 1);
    if (e.stack) out.stack = scrubString(e.stack);
    if (e.cause !== undefined) out.cause = scrub(e.cause, depth + 1);
    return out;
  }
  if (Array.isArray(value)) return value.length > 50 ? `[${value.length} items]` : value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = DROPPED.has(k) ? '[redacted]' : scrub(v, depth + 1);
  return out;
}

/**
 * The id of the request being handled, if any: server.mjs holds it in an AsyncLocalStorage on globalThis
 * under this key around each request's handler (lib/server/boot/request-context.mjs); Next's bundle has
 * its own module copies, so the store is found through the key, not an import.
 */
const REQUEST_STORE_KEY = Symbol.for('liangdun.requestContext');
function requestId(): string | undefined {
  const store = (globalThis as Record<symbol, { getStore(): { id?: string } | undefined } | undefined>)[REQUEST_STORE_KEY];
  return store?.getStore()?.id;
}

/** The shop's logger, writing to `destination` (stdout unless a test passes its own); a line written while a request is handled carries its `reqId`. */
export function createLog(destination?: pino.DestinationStream, level = settings().LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'silent' : 'info')) {
  return pino(
    {
      level,
      base: { app: 'liangdun-shop' },
      mixin: () => {
        const id = requestId();
        return id ? { reqId: id } : {};
      },
      hooks: {
        // Every argument passes the rule, the message too (pino takes a logged Error's message for one).
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          const merged = first instanceof Error ? { err: scrub(first) } : scrub(first);
          const words = rest.map((a) => scrub(a));
          if (first instanceof Error && words.length === 0) words.push(scrubString(first.message));
          return method.apply(this, [merged, ...words] as Parameters<typeof method>);
        },
      },
      // `scrub` has already made errors plain (type, message, code, stack, cause): kept as they are.
      serializers: { err: (e: unknown) => e },
      redact: { paths: ['token', 'code', 'password', '*.token', '*.code', '*.password', 'headers.token', 'headers.cookie'], censor: '[redacted]' },
    },
    destination,
  );
}

export const log = createLog();
