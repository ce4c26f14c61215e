/**
 * Starting the shop's production server (server.mjs) from the scripts that test or measure it
 * (e2e, bench, faults, the SQL injection scan through e2e-server), and waiting until it answers.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'server.mjs');

/**
 * `node server.mjs -p PORT -H HOST`: one process, no children (the fault test kills it by pid).
 * `nodeArgs` go to node itself (the profiler's flags, which NODE_OPTIONS does not take).
 */
export function startShop({ port, host = '127.0.0.1', env, stdio = 'inherit', nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, SERVER, '-p', String(port), '-H', host], { cwd: ROOT, env, stdio });
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return child;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the milliseconds it took once `${base}/api/v1/health` answers 200; throws if the server exits first or the time runs out. */
export async function waitForHealth(base, child, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      const res = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) return Date.now() - started;
    } catch {}
    await sleep(200);
  }
  throw new Error(`the server did not answer ${base}/api/v1/health within ${Math.round(timeoutMs / 1000)} s`);
}
