/**
 * Each request's id (docs/cluster.md#request-ids): adopted from X-Request-Id only when the connection comes
 * from a proxy of TRUST_PROXY (nginx makes one per request), otherwise made here; sent back as
 * X-Request-Id, and held in an AsyncLocalStorage around the request's handler so that every log line
 * written for the request carries it (lib/server/log.ts reads the store through REQUEST_STORE_KEY:
 * Next's bundle has its own copy of every module but shares this process's globalThis).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { inCidrs, normalAddress, trustedProxies } from './proxy-rules.mjs';

/** The key of the store on globalThis; the same string in lib/server/log.ts. */
const REQUEST_STORE_KEY = Symbol.for('liangdun.requestContext');

/** @type {AsyncLocalStorage<{ id: string }>} */
const store = (globalThis[REQUEST_STORE_KEY] ??= new AsyncLocalStorage());

/** What an adopted id may look like: nginx's $request_id (32 hex digits), a UUID, or the like; nothing a log could be fooled by. */
const ID_SHAPE = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id: its X-Request-Id when a trusted proxy sent one of a sane shape, else a new UUID.
 * Written into the request's headers too, so Next's handlers see the same id, and into the answer.
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 */
export function requestIdOf(req, res) {
  const incoming = req.headers['x-request-id'];
  const fromProxy = typeof incoming === 'string' && ID_SHAPE.test(incoming) && inCidrs(normalAddress(req.socket.remoteAddress ?? ''), trustedProxies());
  const id = fromProxy ? incoming : randomUUID();
  req.headers['x-request-id'] = id;
  res.setHeader('x-request-id', id);
  return id;
}

/**
 * Runs `fn` with the request's id in the store.
 * @template T @param {string} id @param {() => T} fn @returns {T}
 */
export function withRequestId(id, fn) {
  return store.run({ id }, fn);
}
