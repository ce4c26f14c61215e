/**
 * Admission control and the per-request deadline (docs/cluster.md#bounded-requests). An instance works on
 * at most `concurrency` requests at once (each may hold the database: PGlite runs one query at a time);
 * the next `queue` wait their turn in order, each at most `maxWaitMs`; past that, or while the event loop
 * lags, a request gets a fast 503 with Retry-After instead of a long silence. A request admitted and
 * still unanswered after `deadlineMs` is answered 503 by the shop itself, before nginx gives up on it
 * (its proxy_read_timeout is 60 s), and no longer counts: whatever its handler writes later is dropped.
 *
 * Not counted: the health check, Next's static files, the demo gateways and the support chat's event
 * stream (open for minutes by design; it has no deadline). The page cache answers before this gate.
 */
import { answerBusy, BUSY_MESSAGE, TIMEOUT_MESSAGE } from './busy.mjs';

/**
 * Paths that are answered at once and never wait: the supervisor's health check, Next's built files, and
 * the demo gateways (`/sandbox/`, never in live mode), which stand in for WeChat's, Alipay's and the
 * carrier's servers: a payment being started holds its slot while it calls them, so were they counted
 * on the same instance the shop would wait for itself.
 */
const FREE = (/** @type {string} */ p) => p === '/api/v1/health' || p.startsWith('/_next/static/') || p.startsWith('/sandbox/');
/** Streams (server-sent events): counted nowhere, no deadline. */
const STREAM = /^\/api\/v1\/support\/conversations\/[^/]+\/stream$/;

/**
 * After its 503 is out, a request's late writes go nowhere (Next may still be rendering it): the
 * response's methods become no-ops, callbacks still called, so nothing throws ERR_HTTP_HEADERS_SENT.
 * @param {import('node:http').ServerResponse} res
 */
function muzzle(res) {
  const self = function () {
    return res;
  };
  const done = (/** @type {unknown[]} */ args) => {
    const cb = args.find((a) => typeof a === 'function');
    if (cb) queueMicrotask(/** @type {() => void} */ (cb));
  };
  Object.assign(res, {
    setHeader: self,
    appendHeader: self,
    removeHeader: () => {},
    writeHead: self,
    flushHeaders: () => {},
    write: (...args) => (done(args), true),
    end: (...args) => (done(args), res),
  });
}

/**
 * @param {import('./limits.d.mts').Limits} limits
 * @param {{ lagging: () => boolean }} lag
 */
export function admissionGate(limits, lag) {
  let active = 0;
  /** @type {{ run: () => void, timer: NodeJS.Timeout, gone: boolean }[]} */
  const waiting = [];

  function next() {
    const w = active < limits.concurrency ? waiting.shift() : undefined;
    if (!w) return;
    clearTimeout(w.timer);
    w.run();
  }

  /** Runs `work` now, with its deadline; its slot is free again once its answer is out (or its client gone). */
  function start(req, res, work) {
    active++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      active--;
      next();
    };
    const deadline = setTimeout(() => {
      if (res.writableEnded) return;
      if (res.headersSent) {
        // Part of the answer is out (a streamed page): nothing honest can follow it, so the connection ends.
        res.destroy();
      } else {
        answerBusy(req, res, TIMEOUT_MESSAGE, limits.retryAfterS);
        muzzle(res);
      }
      release();
    }, limits.deadlineMs);
    res.once('close', () => {
      clearTimeout(deadline);
      release();
    });
    work();
  }

  return {
    /** How many requests are being worked on, and how many wait (the metrics and the tests). */
    load: () => ({ active, waiting: waiting.length }),

    /**
     * Runs `work` (which answers the request) now, later or never (then the request has its 503).
     * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
     * @param {string} pathname @param {() => void} work
     */
    admit(req, res, pathname, work) {
      if (FREE(pathname) || STREAM.test(pathname)) return work();
      if (lag.lagging()) return answerBusy(req, res, BUSY_MESSAGE, limits.retryAfterS);
      if (active < limits.concurrency && waiting.length === 0) return start(req, res, work);
      if (waiting.length >= limits.queue) return answerBusy(req, res, BUSY_MESSAGE, limits.retryAfterS);
      const leave = () => {
        w.gone = true;
        clearTimeout(w.timer);
        const at = waiting.indexOf(w);
        if (at !== -1) waiting.splice(at, 1);
      };
      const w = {
        gone: false,
        run: () => start(req, res, work),
        timer: setTimeout(() => {
          leave();
          if (!res.writableEnded) answerBusy(req, res, BUSY_MESSAGE, limits.retryAfterS);
        }, limits.maxWaitMs),
      };
      res.once('close', leave);
      waiting.push(w);
    },
  };
}
