/**
 * The API envelope (docs/api.md#envelope), server side: every /api/v1 handler is wrapped by `handle`, which
 * answers { resultCode, message, data } with the matching HTTP status (416 goes out as HTTP 401),
 * turns zod errors into a 400 naming the field in Chinese, refuses mutating requests without
 * X-Requested-With: XMLHttpRequest (403) and bodies over 64 KB (413), does a mutating request with an
 * Idempotency-Key once per caller and key (./idempotency.ts), and never leaks a stack trace.
 */
import { ZodError } from 'zod';
import { RESULT } from '../../api/protocol';
import { AppError } from '../errors';
import { log } from '../log';
import { idempotencyKey, once, runRerunnable } from './idempotency';

type Envelope<T> = { resultCode: number; message: string; data?: T };

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const MAX_BODY_BYTES = 64 * 1024;
export const TOO_LARGE = '请求内容过大';

export function httpStatus(code: number): number {
  return code === RESULT.NOT_LOGGED_IN ? 401 : code;
}

export function ok<T>(data?: T, message = 'ok'): Response {
  return Response.json({ resultCode: RESULT.OK, message, data } satisfies Envelope<T>, {
    headers: { 'cache-control': 'no-store' },
  });
}

/**
 * The envelope of an answer a force-static route lets Next cache (GET /search/suggest): without `no-store`,
 * so Next keeps it under its tags, marks it for shared caches (server.mjs turns that into its short
 * public lifetime: lib/server/cache/cache-policy.mjs) and the page cache in front of Next serves repeats.
 * Only for public answers that are the same for every visitor.
 */
export function okPublic<T>(data: T): Response {
  return Response.json({ resultCode: RESULT.OK, message: 'ok', data } satisfies Envelope<T>);
}

function fail(code: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ resultCode: code, message } satisfies Envelope<never>, {
    status: httpStatus(code),
    headers: { 'cache-control': 'no-store', ...headers },
  });
}

function zodMessage(err: ZodError): string {
  const first = err.issues[0];
  if (!first) return '参数不正确';
  if (first.path.length === 0 && first.code === 'invalid_type') return '请求内容格式不正确';
  return first.message || `${first.path.join('.')} 不正确`;
}

/**
 * The client went away before its request was read or answered (closed the tab, lost the network):
 * nothing went wrong here, and nobody is left to answer.
 */
export function clientWentAway(err: unknown, req?: Request): boolean {
  if (req?.signal.aborted) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as Error & { code?: unknown }).code;
  return err.name === 'AbortError' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || err.message === 'aborted';
}

/**
 * What an error tells the caller: a domain error its code, a zod error a 400 naming the field, a client
 * that went away a line at info (no stack: docs/api.md#result-codes), anything else a logged 500.
 */
export function errorOutcome(err: unknown, req?: Request): { code: number; message: string } {
  if (err instanceof AppError) return { code: err.code, message: err.message };
  if (err instanceof ZodError) return { code: RESULT.BAD_REQUEST, message: zodMessage(err) };
  if (clientWentAway(err, req)) {
    log.info({ method: req?.method, path: req ? new URL(req.url).pathname : undefined, reason: err instanceof Error ? err.message : String(err) }, 'client went away');
    return { code: RESULT.BAD_REQUEST, message: '请求已中断' };
  }
  log.error({ err }, 'unhandled api error');
  return { code: RESULT.INTERNAL, message: '服务器开小差了，请稍后再试' };
}

function toResponse(err: unknown, req: Request): Response {
  const { code, message } = errorOutcome(err, req);
  const res = fail(code, message);
  if (err instanceof AppError && err.options.retryAfterS) res.headers.set('retry-after', String(err.options.retryAfterS));
  return res;
}

type Handler<C> = (req: Request, ctx: C) => Promise<Response>;

/**
 * `maxBody`: the cap of this route's body, when it takes more than MAX_BODY_BYTES (a photo upload).
 * `keyed: false`: the route ignores an Idempotency-Key, for an answer that must not be stored (a login's
 * new token) of a request that is safe to repeat (docs/decisions/retries.md#routes).
 * `rerunnable`: the handler finds what an earlier run with the same key wrote and answers it, so a repeat
 * simply runs it again: its key is neither reserved nor its answer stored (./idempotency.ts runRerunnable).
 */
export function handle<C>(fn: Handler<C>, opts: { maxBody?: number; keyed?: boolean; rerunnable?: boolean } = {}): Handler<C> {
  return async (req, ctx) => {
    try {
      const mutating = MUTATING.has(req.method);
      if (mutating && req.headers.get('x-requested-with') !== 'XMLHttpRequest') return fail(RESULT.FORBIDDEN, '非法请求');
      // Every body is capped, whether or not the handler reads it (readJson checks the bytes themselves).
      const cap = opts.maxBody ?? MAX_BODY_BYTES;
      if (announcedTooLarge(req, cap)) return fail(RESULT.PAYLOAD_TOO_LARGE, TOO_LARGE);
      const key = mutating && opts.keyed !== false ? idempotencyKey(req) : null;
      if (key === null) return await fn(req, ctx);
      if (opts.rerunnable) return await runRerunnable(req, key, () => fn(req, ctx));
      // The body is read here for the key's fingerprint (a copy: the handler reads the request as ever).
      const body = await readCappedBytes(req.clone(), cap);
      if (body === null) return fail(RESULT.PAYLOAD_TOO_LARGE, TOO_LARGE);
      const attempt = () => fn(req, ctx).catch((err: unknown) => toResponse(err, req));
      return await once(req, key, body, attempt, fail);
    } catch (err) {
      return toResponse(err, req);
    }
  };
}

const announcedTooLarge = (req: Request, cap: number) => Number(req.headers.get('content-length') || 0) > cap;

/**
 * The body as text, or null once it is over `cap` bytes. It is read as a stream and cancelled at
 * the cap: a chunked upload has no content-length to refuse it by, and reading it whole first would
 * hold every byte the client cares to send. The bytes are decoded only at the end, so a character
 * split between chunks stays whole (invalid UTF-8 becomes U+FFFD, as text() does).
 */
export async function readCappedBody(req: Request, cap = MAX_BODY_BYTES): Promise<string | null> {
  const bytes = await readCappedBytes(req, cap);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

/** The body's bytes, or null once it is over `cap` (as readCappedBody, undecoded: uploads). */
export async function readCappedBytes(req: Request, cap: number): Promise<Uint8Array | null> {
  if (announcedTooLarge(req, cap)) return null;
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    size += r.value.byteLength;
    if (size > cap) {
      // Not awaited: the answer need not wait for the client's side of the stream to be torn down.
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(r.value);
  }
  return Buffer.concat(chunks, size);
}

/** Reads a JSON body with a size cap; bad JSON is a 400, never a 500. */
export async function readJson(req: Request): Promise<unknown> {
  const raw = await readCappedBody(req);
  if (raw === null) throw new AppError(RESULT.PAYLOAD_TOO_LARGE, TOO_LARGE);
  if (!raw) return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError(RESULT.BAD_REQUEST, '请求内容不是有效的 JSON');
  }
}

export function searchParams(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams);
}
