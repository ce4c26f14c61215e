/**
 * `npm run cluster -- stop | status | reload` and the pid file they read (docs/cluster.md#supervision-stop-and-status):
 * `.cluster/cluster-<port>.pid`, JSON with the runner's pid, its instances' (by port) and nginx's, and the
 * state of the last reload, written by the runner (scripts/cluster.mjs) as they change, removed when it
 * has stopped.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../shop-server.mjs';
import { holdersOf, waitUntilFree } from './ports.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The runner stops nginx, then each instance within its grace (server.mjs, 10 s): this is plenty. */
const STOP_WAIT_MS = 30_000;
/** How long `reload` waits for the runner to build and replace every instance. */
const RELOAD_WAIT_MS = 30 * 60_000;

const pidFileOf = (port) => path.join(ROOT, '.cluster', `cluster-${port}.pid`);
/** Where `reload` leaves its request's id for the runner to echo in the pid file. */
const reloadFileOf = (port) => path.join(ROOT, '.cluster', `cluster-${port}.reload`);

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
    if (!res.ok) return `answers ${res.status}`;
    const build = (await res.json().catch(() => null))?.data?.build;
    return build ? `healthy  build ${build}` : 'healthy';
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
  console.log(`  front  :${port}  nginx pid ${rec.nginx ?? '—'}  ${rec.nginx ? (await answers(`http://127.0.0.1:${port}`)).replace(/  build .*/, '') : 'starting'}`);
  for (const [instancePort, pid] of Object.entries(rec.instances)) {
    const state = isOurs(pid, INSTANCE) ? await answers(`http://127.0.0.1:${instancePort}`) : 'down (being started again)';
    console.log(`  instance :${instancePort}  pid ${pid}  ${state}`);
  }
  const r = rec.reload;
  if (r) console.log(`  last reload: ${r.state}${r.build ? `, build ${r.build}` : ''}${r.message ? ` (${r.message})` : ''}${r.startedAt ? `, begun ${r.startedAt}` : ''}`);
  return 0;
}

/** The id `reload` left for the runner (scripts/cluster.mjs reads it on SIGUSR2), or null for a bare `kill -USR2`. */
export function readReloadRequest(port) {
  try {
    return readFileSync(reloadFileOf(port), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * Asks the runner on `port` to reload (SIGUSR2) and follows it in the pid file until it is done.
 * @returns {Promise<number>} the exit status: 0 done, 1 failed or refused, 3 no cluster runs
 */
export async function reload(port) {
  const rec = readPidFile(port);
  if (!rec || !isOurs(rec.pid, RUNNER)) {
    console.log(`[cluster] no cluster runs on :${port}`);
    return 3;
  }
  const request = randomUUID();
  writeFileSync(reloadFileOf(port), request);
  process.kill(rec.pid, 'SIGUSR2');
  console.log(`[cluster] reloading the cluster on :${port} (pid ${rec.pid}): one build, then each instance replaced in turn`);
  const until = Date.now() + RELOAD_WAIT_MS;
  let said = '';
  while (Date.now() < until) {
    const now = readPidFile(port);
    if (!now || !isOurs(now.pid, RUNNER)) {
      console.error('[cluster] the runner stopped during the reload');
      return 1;
    }
    const r = now.reload?.request === request ? now.reload : null;
    if (r && r.state !== said) {
      said = r.state;
      if (r.state === 'done') {
        console.log(`[cluster] reloaded in ${(r.ms / 1000).toFixed(1)} s: build ${r.build}, built in ${(r.builtMs / 1000).toFixed(1)} s; ${r.instances.map((t) => `:${t.port} in ${(t.ms / 1000).toFixed(1)} s`).join(', ')}`);
        return 0;
      }
      if (r.state === 'failed' || r.state === 'refused') {
        console.error(`[cluster] reload ${r.state}: ${r.message}`);
        return 1;
      }
      console.log(`[cluster] ${r.state} …`);
    }
    await sleep(200);
  }
  console.error(`[cluster] no end of the reload within ${RELOAD_WAIT_MS / 60_000} min`);
  return 1;
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
  // Gone is not enough: a worker of an nginx master that died, or anything else, may still hold a port.
  const ports = [port, ...Object.keys(readPidFile(port)?.instances ?? rec.instances).map(Number)];
  const taken = await waitUntilFree(ports, 5000);
  if (taken.length) {
    for (const p of taken) console.error(`[cluster] port ${p} is still open: held by ${holdersOf(p).join(', ')}`);
    return 1;
  }
  if (existsSync(pidFileOf(port))) rmSync(pidFileOf(port), { force: true });
  rmSync(reloadFileOf(port), { force: true });
  console.log(`[cluster] stopped; ports ${ports.join(', ')} closed`);
  return 0;
}
