/**
 * The requests in flight, as the watchdog's thread reads them: a table in shared memory that the main
 * thread writes as a request starts, sends its head and ends, and that the watchdog reads only when the
 * main thread has stopped (lib/server/boot/watchdog.mjs). Plain stores, no message per request: a
 * postMessage per start, head and end cost the checkout about a tenth of its CPU
 * (docs/decisions/checkout-speed.md).
 *
 * Each slot: state (0 free, 1 running, 2 its head sent), the socket's descriptor, whether it is an API
 * request, the length of its text, its start (ms since the epoch, in a float64), and its text,
 * "id method path" in UTF-8, cut at the slot's end.
 */
const SLOTS = 512;
const SLOT_BYTES = 384;
const HEADER_BYTES = 24;
const FREE = 0;
const RUNNING = 1;
const HEAD_SENT = 2;

/** A new table: its shared memory, to hand to the watchdog's thread. */
export function newSlotTable() {
  return new SharedArrayBuffer(SLOTS * SLOT_BYTES + 4);
}

const views = (buffer) => ({
  ints: new Int32Array(buffer),
  bytes: new Uint8Array(buffer),
  view: new DataView(buffer),
});
/** Int32 index of a slot's field. */
const at = (slot, field) => (slot * SLOT_BYTES) / 4 + field;
/** The last int32 of the buffer counts the requests that found no free slot (untracked). */
const overflowIndex = SLOTS * (SLOT_BYTES / 4);

/** The main thread's side: take a slot per request, mark its head, free it. */
export function slotWriter(buffer) {
  const { ints, bytes, view } = views(buffer);
  const encoder = new TextEncoder();
  const free = Array.from({ length: SLOTS }, (_, i) => SLOTS - 1 - i);
  return {
    /** @returns {number} the slot, or -1 when every slot is taken (the request is counted, not named) */
    start(id, method, path, fd, api) {
      const slot = free.pop();
      if (slot === undefined) {
        Atomics.add(ints, overflowIndex, 1);
        return -1;
      }
      const base = slot * SLOT_BYTES;
      const { written } = encoder.encodeInto(`${id} ${method} ${path}`, bytes.subarray(base + HEADER_BYTES, base + SLOT_BYTES));
      ints[at(slot, 1)] = fd;
      ints[at(slot, 2)] = api ? 1 : 0;
      ints[at(slot, 3)] = written;
      view.setFloat64(base + 16, Date.now());
      Atomics.store(ints, at(slot, 0), RUNNING);
      return slot;
    },
    headSent(slot) {
      if (slot >= 0) Atomics.store(ints, at(slot, 0), HEAD_SENT);
    },
    end(slot) {
      if (slot < 0) return void Atomics.sub(ints, overflowIndex, 1);
      Atomics.store(ints, at(slot, 0), FREE);
      free.push(slot);
    },
  };
}

/**
 * The watchdog's side: the requests in flight, read once the main thread has stopped writing.
 * @returns {{ requests: { id: string, method: string, path: string, at: number, fd: number, api: boolean, headSent: boolean }[], unnamed: number }}
 */
export function readSlots(buffer) {
  const { ints, bytes, view } = views(buffer);
  const decoder = new TextDecoder();
  const requests = [];
  for (let slot = 0; slot < SLOTS; slot++) {
    const state = Atomics.load(ints, at(slot, 0));
    if (state === FREE) continue;
    const base = slot * SLOT_BYTES;
    // A copy: TextDecoder does not read shared memory.
    const text = decoder.decode(bytes.slice(base + HEADER_BYTES, base + HEADER_BYTES + ints[at(slot, 3)]));
    const [id = '', method = '', ...path] = text.split(' ');
    requests.push({ id, method, path: path.join(' '), at: view.getFloat64(base + 16), fd: ints[at(slot, 1)], api: ints[at(slot, 2)] === 1, headSent: state === HEAD_SENT });
  }
  return { requests, unnamed: Math.max(0, Atomics.load(ints, overflowIndex)) };
}
