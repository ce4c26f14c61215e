/**
 * The watchdog's thread (lib/server/boot/watchdog.mjs): it reads the heartbeat the main thread writes
 * into shared memory and, when that has not moved for `limitMs`, writes one line naming the requests in
 * flight to stderr, answers each of them that has no answer yet with a 503 written straight onto its
 * socket, and ends the process with SIGKILL, so that its supervisor starts it again. It runs on its own
 * event loop: a main thread stuck in a loop that never yields cannot stop it.
 *
 * Why the 503: a request whose connection just closes looks to nginx like one the instance never got,
 * and nginx would send it to the next instance (proxy_next_upstream error), which the same request would
 * hang in turn. A complete answer is passed to the client as it is: the request costs one answer and one
 * restart, never the other instances. Which of the requests in flight hangs the loop cannot be told from
 * here, so each unanswered one gets the 503; its Retry-After brings the shop's client (and a page, by
 * reloading itself) back once the instance is up again or nginx sends it elsewhere.
 */
import { writeSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { BUSY_MESSAGE, busyPage } from './busy.mjs';
import { readSlots } from './watchdog-slots.mjs';

/** The Retry-After of the watchdog's 503: about the time a supervisor takes to start the instance again. */
const RETRY_AFTER_S = 5;

const { beat, slots, limitMs } = workerData;
const heart = new Int32Array(beat);

/** The whole 503 as bytes, closing the connection: the same answer busy.mjs gives, written by hand. */
function busyAnswer(api) {
  const body = Buffer.from(api ? JSON.stringify({ resultCode: 503, message: BUSY_MESSAGE }) : busyPage(BUSY_MESSAGE, RETRY_AFTER_S));
  const head = `HTTP/1.1 503 Service Unavailable\r\ncontent-type: ${api ? 'application/json' : 'text/html'}; charset=utf-8\r\ncache-control: no-store\r\nretry-after: ${RETRY_AFTER_S}\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

let seen = Atomics.load(heart, 0);
let seenAt = Date.now();
setInterval(() => {
  const now = Date.now();
  const b = Atomics.load(heart, 0);
  if (b !== seen) {
    seen = b;
    seenAt = now;
    return;
  }
  if (now - seenAt < limitMs) return;
  const inFlight = readSlots(slots);
  const requests = inFlight.requests.map(({ id, method, path, at }) => ({ id, method, path, runningMs: Math.round(now - at) }));
  const line = { level: 60, time: now, app: 'liangdun-shop', pid: process.pid, msg: 'event loop blocked: the watchdog ends the instance', blockedMs: now - seenAt, requests, unnamed: inFlight.unnamed };
  writeSync(2, `${JSON.stringify(line)}\n`);
  for (const r of inFlight.requests) {
    try {
      if (r.fd >= 0 && !r.headSent) writeSync(r.fd, busyAnswer(r.api));
    } catch {} // a connection already gone: nobody to tell
  }
  process.kill(process.pid, 'SIGKILL');
}, Math.min(500, Math.max(50, limitMs / 10)));
