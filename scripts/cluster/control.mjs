/**
 * `npm run cluster -- stop | status` and the pid file they read (docs/cluster.md#supervision-stop-and-status):
 * `.cluster/cluster-<port>.pid`, JSON with the runner's pid and its instances' and nginx's, written by
 * the runner (scripts/cluster.mjs) as they start and restart, removed when it has stopped.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../shop-server.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The runner stops nginx, then each instance within its grace (server.mjs, 10 s): this is plenty. */
const STOP_WAIT_MS = 30_000;

const pidFileOf = (port) => path.join(ROOT, '.cluster', `cluster-${port}.pid`);

/** @returns {{ pid: number, port: number, siteUrl: string, startedAt: string, instances: Record<string, number>, nginx: number | null } | null} */
function readPidFile(port) {
  try {
    return JSON.parse(readFileSync(pidFileOf(port), 'utf8'));
  } catch {
    return null;
  }
}

/** What `pid` runs (its command line), or null when no such process exists. */
function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return null;
  }
}

/** Whether `pid` is alive and still the process the pid file meant (a pid may be reused once it died). */
const isOurs = (pid, what) => Boolean(pid) && (commandOf(pid)?.includes(what) ?? false);
const RUNNER = path.join('scripts', 'cluster.mjs');
const INSTANCE = 'server.mjs';
const NGINX = 'nginx';

/** The instances and nginx of the pid file that still run. */
const stillRunning = (rec) => [...Object.values(rec.instances).filter((p) => isOurs(p, INSTANCE)), ...(isOurs(rec.nginx, NGINX) ? [rec.nginx] : [])];

/**
 * Claims the pid file for this runner; refuses (throws) while another runner of this port is alive.
 * @returns {(state: { instances?: Record<string, number>, nginx?: number | null }) => void} writes the current pids
 */
export function claimPidFile({ port, siteUrl }) {
  const file = pidFileOf(port);
  mkdirSync(path.dirname(file), { recursive: true });
  const other = readPidFile(port);
  if (other && other.pid !== process.pid && isOurs(other.pid, RUNNER)) {
    throw new Error(`a cluster already runs on :${port} (pid ${other.pid}, since ${other.startedAt}): npm run cluster -- stop, or pick another CLUSTER_PORT`);
  }
  rmSync(file, { force: true });
  const record = { pid: process.pid, port, siteUrl, startedAt: new Date().toISOString(), instances: {}, nginx: null };
  // Exclusive: of two runners starting at once, one gets the file and the other is refused.
  try {
    closeSync(openSync(file, 'wx'));
  } catch {
    throw new Error(`a cluster is starting on :${port} at this moment (${file})`);
  }
  const write = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify(record, null, 2) + '\n');
    renameSync(`${file}.tmp`, file);
  };
  write();
  process.on('exit', () => {
    if (readPidFile(port)?.pid === process.pid) rmSync(file, { force: true });
  });
  return (state) => {
    Object.assign(record, state);
    write();
  };
}

async function answers(url) {
  try {
    const res = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(3000) });
    return res.ok ? 'healthy' : `answers ${res.status}`;
  } catch {
    return 'not answering';
  }
}

/**
 * Prints the cluster's state. @returns {Promise<number>} the exit status: 0 running, 3 not running
 * (the LSB's code for a service that is stopped)
 */
export async function status(port) {
  const rec = readPidFile(port);
  if (!rec || !isOurs(rec.pid, RUNNER)) {
    const left = rec ? stillRunning(rec) : [];
    const note = !rec ? '' : left.length ? ` (its runner, pid ${rec.pid}, died and left ${left.join(', ')} running: stop stops them)` : ` (a stale pid file of pid ${rec.pid} is left: stop removes it)`;
    console.log(`[cluster] no cluster runs on :${port}${note}`);
    return 3;
  }
  console.log(`[cluster] running on :${port} (${rec.siteUrl}): pid ${rec.pid}, since ${rec.startedAt}`);
  console.log(`  front  :${port}  nginx pid ${rec.nginx ?? '—'}  ${rec.nginx ? await answers(`http://127.0.0.1:${port}`) : 'starting'}`);
  for (const [instancePort, pid] of Object.entries(rec.instances)) {
    const state = isOurs(pid, INSTANCE) ? await answers(`http://127.0.0.1:${instancePort}`) : 'down (being started again)';
    console.log(`  instance :${instancePort}  pid ${pid}  ${state}`);
  }
  return 0;
}

async function gone(pids, ms) {
  const until = Date.now() + ms;
  while (pids.some((p) => commandOf(p) !== null)) {
    if (Date.now() > until) return false;
    await sleep(100);
  }
  return true;
}

/**
 * Stops the cluster on `port`: SIGTERM to its runner, which stops nginx and each instance gracefully,
 * and waits until every process of it is gone. A runner that died without stopping them (SIGKILL) left
 * its instances and nginx behind: those are stopped here. @returns {Promise<number>} the exit status
 */
export async function stop(port) {
  const rec = readPidFile(port);
  if (!rec) {
    console.log(`[cluster] no cluster runs on :${port}`);
    return 0;
  }
  const left = stillRunning(rec);
  if (isOurs(rec.pid, RUNNER)) {
    console.log(`[cluster] stopping the cluster on :${port} (pid ${rec.pid})`);
    process.kill(rec.pid, 'SIGTERM');
  } else {
    console.log(`[cluster] the runner (pid ${rec.pid}) is gone; stopping what it left: ${left.length ? left.join(', ') : 'nothing'}`);
    for (const p of left) process.kill(p, p === rec.nginx ? 'SIGQUIT' : 'SIGTERM');
  }
  const all = [rec.pid, ...left];
  if (!(await gone(all, STOP_WAIT_MS))) {
    console.error(`[cluster] still running after ${STOP_WAIT_MS / 1000} s: ${all.filter((p) => commandOf(p) !== null).join(', ')}`);
    return 1;
  }
  if (existsSync(pidFileOf(port))) rmSync(pidFileOf(port), { force: true });
  console.log(`[cluster] stopped`);
  return 0;
}
