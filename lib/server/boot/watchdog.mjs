/**
 * A watchdog outside the event loop (docs/cluster.md#watchdog): a worker thread that the main thread
 * heartbeats through shared memory. A request whose code never yields (a loop that never ends) stops
 * the heartbeat; after WATCHDOG_MS the worker logs the requests that were running (id, method, path) and
 * ends the instance, which its supervisor starts again. Without it such a request would hold the
 * process at 100 % CPU until memory ran out, answering nobody, health checks included.
 */
import { Worker } from 'node:worker_threads';
import { newSlotTable, slotWriter } from './watchdog-slots.mjs';

const BEAT_MS = 200;

/** @param {number} limitMs */
export function startWatchdog(limitMs) {
  const beat = new SharedArrayBuffer(4);
  const heart = new Int32Array(beat);
  const slots = newSlotTable();
  const table = slotWriter(slots);
  const worker = new Worker(new URL('./watchdog-worker.mjs', import.meta.url), { workerData: { beat, slots, limitMs } });
  worker.unref();
  worker.on('error', (err) => console.error(`watchdog: ${err.message}`));
  setInterval(() => Atomics.add(heart, 0, 1), BEAT_MS).unref();
  return {
    /**
     * Tells the watchdog about a request until its answer's head is out (then the watchdog could no
     * longer answer it) or its connection closes.
     * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
     * @param {string} id @param {string} pathname
     */
    watch(req, res, id, pathname) {
      // The socket's descriptor, for the watchdog's 503 (-1 where the platform gives none).
      const fd = /** @type {{ _handle?: { fd?: number } }} */ (req.socket)._handle?.fd ?? -1;
      const slot = table.start(id, req.method ?? '', pathname, fd, pathname.startsWith('/api/'));
      let headSent = false;
      const writeHead = res.writeHead;
      res.writeHead = function (...args) {
        if (!headSent) table.headSent(slot);
        headSent = true;
        return writeHead.apply(this, args);
      };
      res.once('close', () => table.end(slot));
    },
  };
}
