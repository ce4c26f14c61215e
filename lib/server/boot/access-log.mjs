/**
 * The access log (docs/cluster.md#access-log): one JSON line per request, once its answer is out or its
 * client gone — time, request id, method, route pattern (never the raw path: no order number or query
 * string is written), status, duration in ms, and the client's address as TRUST_PROXY says. Written to
 * ACCESS_LOG_DIR/access-YYYY-MM-DD.log (a file per UTC day, appended), or to stdout, or nowhere; files
 * older than ACCESS_LOG_DAYS are deleted at start and at each new day (docs/privacy.md#retention).
 */
import { createWriteStream, mkdirSync, readdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { resolveClientIp, trustedProxies } from './proxy-rules.mjs';

const DAY_MS = 86_400_000;
const FILE = /^access-(\d{4}-\d{2}-\d{2})\.log$/;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Deletes the access logs of days before `keepDays` days ago; a file that cannot be deleted is left for next time. */
export function pruneAccessLogs(dir, keepDays, now = Date.now()) {
  const oldest = new Date(now - keepDays * DAY_MS).toISOString().slice(0, 10);
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const day = FILE.exec(name)?.[1];
    if (day && day < oldest) {
      try {
        unlinkSync(path.join(dir, name));
      } catch {}
    }
  }
}

/**
 * @param {{ target: 'file' | 'stdout' | 'off', dir: string, keepDays: number, routeOf: (pathname: string) => string }} o
 */
export function accessLog({ target, dir, keepDays, routeOf }) {
  if (target === 'off') return { record() {} };
  let day = '';
  /** @type {import('node:stream').Writable} */
  let out = process.stdout;
  /** A folder that cannot be written is said once, and the lines go to stdout: never lost, never a crash. */
  let broken = target !== 'file';

  function sink(now) {
    if (broken) return process.stdout;
    const today = new Date(now).toISOString().slice(0, 10);
    if (today !== day) {
      if (day) out.end();
      day = today;
      try {
        mkdirSync(dir, { recursive: true });
      } catch (err) {
        console.error(`access log: cannot write to ${dir} (${err.message}); writing it to stdout`);
        broken = true;
        return process.stdout;
      }
      out = createWriteStream(path.join(dir, `access-${today}.log`), { flags: 'a' });
      out.on('error', (err) => console.error(`access log: ${err.message}`));
      pruneAccessLogs(dir, keepDays, now);
    }
    return out;
  }

  return {
    /**
     * Writes the request's line when its answer is out (or its client gone: `aborted`).
     * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} id
     */
    record(req, res, id) {
      const started = performance.now();
      res.once('close', () => {
        const now = Date.now();
        const url = req.url ?? '/';
        const q = url.indexOf('?');
        const line = {
          time: new Date(now).toISOString(),
          id,
          method: METHODS.has(req.method ?? '') ? req.method : 'other',
          route: routeOf(q === -1 ? url : url.slice(0, q)),
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          ip: resolveClientIp(req.socket.remoteAddress ?? '', /** @type {string | undefined} */ (req.headers['x-forwarded-for']), trustedProxies()),
        };
        if (!res.writableFinished) line.aborted = true;
        sink(now).write(`${JSON.stringify(line)}\n`);
      });
    },
  };
}
