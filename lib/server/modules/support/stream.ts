import 'server-only';
import { listenLive, type LiveEvent, STOPPING } from '../../live/bus';
import { log } from '../../log';
import { conversationTopic, listShopperMessages } from './shopper';
import { settings } from '../../settings/settings';

/** How often an open stream asks whether its session still stands (logout, expiry, 注销): it ends within this. */
const sessionCheckMs = () => settings().SUPPORT_SESSION_CHECK_MS;
/** A comment line keeps proxies and the browser from timing the connection out. */
const HEARTBEAT_MS = 15_000;
/** A stream lasts this long at most; EventSource reconnects with Last-Event-ID and misses nothing. */
const MAX_LIFE_MS = 15 * 60_000;

/**
 * The conversation as server-sent events (docs/support.md#live-delivery): every new line (`messages`,
 * id = the newest line's id, so a reconnect resumes after it), the shopper's 已读 marks as they change
 * (`read`), and `end` when the session is gone. Woken by the live bus, so an answer given through any
 * instance arrives within a moment; `alive` re-checks the session every few seconds.
 */
export function conversationStream(o: { userId: number; conversationId: number; after: number; alive: () => Promise<boolean>; signal: AbortSignal }): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let last = o.after;
  let readUpTo = -1;
  let status = '';
  let closed = false;
  let chain = Promise.resolve();
  const timers: NodeJS.Timeout[] = [];
  let unlisten: (() => void) | null = null;

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(enc.encode(text));
        } catch {
          stop();
        }
      };
      const stop = () => {
        if (closed) return;
        closed = true;
        for (const t of timers) clearInterval(t);
        unlisten?.();
        try {
          controller.close();
        } catch {}
      };
      const end = (reason: string) => {
        send(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
        stop();
      };
      const flush = async () => {
        if (closed) return;
        for (;;) {
          const r = await listShopperMessages(o.userId, o.conversationId, { after: String(last) });
          if (r.items.length) {
            last = r.items[r.items.length - 1].id;
            send(`id: ${last}\nevent: messages\ndata: ${JSON.stringify({ items: r.items, readUpTo: r.readUpTo, status: r.status })}\n\n`);
          } else if (r.readUpTo !== readUpTo || r.status !== status) {
            send(`event: read\ndata: ${JSON.stringify({ readUpTo: r.readUpTo, status: r.status })}\n\n`);
          }
          readUpTo = r.readUpTo;
          status = r.status;
          if (r.items.length < 100) break;
        }
      };
      const wake = () => {
        chain = chain.then(flush).catch((err) => {
          log.warn({ err: String(err) }, 'support stream: read failed');
          end('gone');
        });
      };
      o.signal.addEventListener('abort', stop);
      send('retry: 3000\n\n');
      unlisten = await listenLive(conversationTopic(o.conversationId), (e: LiveEvent) => (e.topic === STOPPING ? stop() : wake()));
      wake();
      timers.push(setInterval(() => send(': ping\n\n'), HEARTBEAT_MS));
      timers.push(
        setInterval(() => {
          o.alive().then(
            (yes) => {
              if (!yes) end('session');
            },
            () => end('session'),
          );
        }, sessionCheckMs()),
      );
      timers.push(setTimeout(() => stop(), MAX_LIFE_MS));
      for (const t of timers) t.unref?.();
    },
    cancel() {
      closed = true;
      for (const t of timers) clearInterval(t);
      unlisten?.();
    },
  });
}
