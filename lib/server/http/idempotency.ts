/**
 * Idempotency keys (docs/decisions/retries.md): a mutating request sent with `Idempotency-Key` does its
 * work once per caller and key. The first one reserves the key (a row naming this instance), runs, and
 * stores its answer; a repeat with the same method, path and body gets that answer back, untouched by
 * the handler; the same key with another request is a 422; a repeat while the first still runs is a
 * 409 with Retry-After. A reservation whose instance died is taken over at once, and redone only when
 * none of its transactions committed (lib/server/db/idempotency-mark.ts).
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { IDEMPOTENCY_HEADER, RESULT } from '../../api/protocol';
import { getDbHandle } from '../db/client';
import { runClaimed, type Claim } from '../db/idempotency-mark';
import { idempotencyKeys } from '../db/schema';
import { badRequest } from '../errors';
import { log } from '../log';
import { tokenFromRequest } from './auth';
import { clientIp } from './client-ip';

/** A UUID, or any other opaque token of a shopper's action: 8 to 100 of these characters. */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;
/** How long a repeat is asked to wait before trying again while the first request still runs. */
const BUSY_RETRY_AFTER_S = 1;
/** The header on an answer given again from storage. */
const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * The reservation and the stored answer are committed without waiting for the disk (set_config(…, true)
 * holds for the statement's own transaction). A crash of the database may lose the latest of them, never
 * one written before a later durable commit (the WAL is written in order): a lost reservation had nothing
 * committed after it; a lost answer leaves its key `committed` with a dead owner, which says 已经生效.
 */
const ASYNC_COMMIT = sql`(select set_config('synchronous_commit', 'off', true)) as async_commit`;

/** The rows of db.execute, as node-postgres and PGlite both give them. */
const rowsOf = (result: unknown): unknown[] => (result as { rows?: unknown[] }).rows ?? (result as unknown[]);

type Refuse = (code: number, message: string, headers?: Record<string, string>) => Response;

/** The request's key; null without one; a 400 for a malformed one. */
export function idempotencyKey(req: Request): string | null {
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (!KEY_PATTERN.test(key)) throw badRequest('请求标识（Idempotency-Key）格式不正确');
  return key;
}

const sha256 = (...parts: (string | Uint8Array)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
};

/**
 * The body as its fingerprint reads it: a multipart body without its boundary, which the browser draws
 * again each time it sends the same FormData (a retried photo is the same photo).
 */
function withoutBoundary(req: Request, body: Uint8Array): Uint8Array | string {
  const boundary = /;\s*boundary="?([^";]+)"?/i.exec(req.headers.get('content-type') ?? '')?.[1];
  return boundary ? Buffer.from(body).toString('latin1').split(boundary).join('') : body;
}

/**
 * Who sent it, as a hash: the session token when logged in, else the address. One caller's key never
 * meets another's stored answer, and no credential is stored. Not a visitor's cart cookie: the first
 * answer sets it, so a retry of that very request may come with it (or without it) — a scope that
 * changed under the retry would do the work again.
 */
function callerScope(req: Request): string {
  const token = tokenFromRequest(req);
  if (token) return sha256('token', token);
  return sha256('address', clientIp(req) ?? '');
}

/**
 * Runs `attempt` (the handler, which answers errors as envelopes rather than throwing) once for this
 * caller and key, or answers what that once answered. `body`: the request's bytes, for its fingerprint.
 */
export async function once(req: Request, key: string, body: Uint8Array, attempt: () => Promise<Response>, refuse: Refuse): Promise<Response> {
  const url = new URL(req.url);
  const fingerprint = sha256(req.method, url.pathname + url.search, withoutBoundary(req, body));
  const scope = callerScope(req);
  const { db, liveness } = await getDbHandle();
  await liveness.ready();
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  const claim = { scope, key, owner: liveness.id };

  // A reservation can vanish between the insert and the read (a failed first attempt releases it): look again.
  for (let round = 0; round < 3; round++) {
    const reserved = rowsOf(
      await db.execute(sql`
        insert into ${idempotencyKeys} (scope, key, fingerprint, owner)
        select ${scope}, ${key}, ${fingerprint}, ${liveness.id} from ${ASYNC_COMMIT}
        on conflict do nothing returning key`),
    );
    if (reserved.length) return run(req, claim, attempt);

    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row) continue;
    if (row.fingerprint !== fingerprint) return refuse(RESULT.UNPROCESSABLE, '这个请求标识已用于另一项操作，请刷新页面后重试');
    if (row.owner === null) return replay(row);
    if (await liveness.alive(row.owner)) {
      return refuse(RESULT.CONFLICT, '上一次提交仍在处理中，请稍候', { 'retry-after': String(BUSY_RETRY_AFTER_S) });
    }
    // Its instance died mid-work: take the reservation over (one of several retries wins it).
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ owner: liveness.id })
      .where(and(where, eq(idempotencyKeys.owner, row.owner)))
      .returning({ committed: idempotencyKeys.committed });
    if (!taken) continue;
    log.warn({ key, deadOwner: row.owner, committed: taken.committed }, 'idempotency key taken over from a dead instance');
    if (!taken.committed) return run(req, claim, attempt);
    // Its work is in the database but its answer was lost with it: doing it again would do it twice.
    return store(claim, refuse(RESULT.CONFLICT, '上一次提交已经生效，请刷新页面查看结果'));
  }
  return refuse(RESULT.CONFLICT, '上一次提交仍在处理中，请稍候', { 'retry-after': String(BUSY_RETRY_AFTER_S) });
}

/**
 * A rerunnable route's request (an order, found again by its own idempotencyKey; a payment, the order's
 * open one of that channel; a 在线客服 line, by its request_key): its own write is its idempotency, so a
 * repeat runs it again and answers what it finds. Nothing is reserved or stored for it, which spares the
 * checkout's two keyed POSTs two statements and a commit each (docs/decisions/checkout-speed.md); the
 * key is still at hand for the write that keeps it (currentRequestKey).
 */
export function runRerunnable(req: Request, key: string, attempt: () => Promise<Response>): Promise<Response> {
  return runClaimed({ scope: callerScope(req), key, rerunnable: true }, attempt);
}

async function run(req: Request, claim: Claim & { owner: number }, attempt: () => Promise<Response>): Promise<Response> {
  let res: Response;
  try {
    res = await runClaimed(claim, attempt);
  } catch (err) {
    await release(claim);
    throw err;
  }
  // A failure before anything committed (a deadline, the database gone), or a caller gone before its
  // answer (请求已中断), is no answer: the retry does the work.
  if ((res.status >= 500 || req.signal.aborted) && (await release(claim))) return res;
  return store(claim, res);
}

/** Frees the reservation if none of its work committed; true when it did. */
async function release(claim: Claim & { owner: number }): Promise<boolean> {
  const { db } = await getDbHandle();
  const gone = await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.owner, claim.owner), eq(idempotencyKeys.committed, false)))
    .returning({ key: idempotencyKeys.key });
  return gone.length > 0;
}

/** Keeps the answer for the repeats and gives it (read whole: it is given again byte for byte). */
async function store(claim: Claim & { owner: number }, res: Response): Promise<Response> {
  const body = new Uint8Array(await res.arrayBuffer());
  const headers = [...res.headers];
  const { db } = await getDbHandle();
  await db.execute(sql`
    update ${idempotencyKeys} set owner = null, status = ${res.status}, headers = ${JSON.stringify(headers)}::jsonb, body = ${Buffer.from(body).toString('base64')}
    from ${ASYNC_COMMIT}
    where scope = ${claim.scope} and key = ${claim.key} and owner = ${claim.owner}`);
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

function replay(row: typeof idempotencyKeys.$inferSelect): Response {
  const headers = new Headers();
  for (const [name, value] of row.headers ?? []) headers.append(name, value);
  headers.set(REPLAYED_HEADER, 'true');
  return new Response(Buffer.from(row.body ?? '', 'base64'), { status: row.status ?? RESULT.OK, headers });
}
