/**
 * A test-only way to make one request slow (docs/cluster.md#bounded-requests), for scripts/guard-test.mjs:
 * the header `x-shop-test-slow: wait=<ms>` holds the request on a timer before Next gets it (a request
 * waiting on something slow), `x-shop-test-slow: busy` runs a loop that never yields (a request that
 * hangs the event loop). Honoured only when SHOP_TEST_HOOKS=1 and SHOP_MODE is not live (limits.mjs);
 * otherwise the header means nothing.
 */
import { setTimeout as sleep } from 'node:timers/promises';

const HEADER = 'x-shop-test-slow';
const MAX_WAIT_MS = 120_000;

/**
 * Wraps `work` so that a request carrying the header is slowed first; `work` itself when hooks are off.
 * @param {boolean} on @param {import('node:http').IncomingMessage} req @param {() => void} work @returns {() => void}
 */
export function slowedByTest(on, req, work) {
  const how = on ? req.headers[HEADER] : undefined;
  if (typeof how !== 'string') return work;
  // One line per slowed request, so that a test can count which instances a request reached.
  process.stderr.write(`${JSON.stringify({ msg: 'test hook', how, reqId: req.headers['x-request-id'], pid: process.pid })}\n`);
  if (how === 'busy') {
    return () => {
      for (;;);
    };
  }
  const ms = /^wait=(\d{1,6})$/.exec(how)?.[1];
  if (ms === undefined) return work;
  return () => {
    sleep(Math.min(Number(ms), MAX_WAIT_MS)).then(work);
  };
}
