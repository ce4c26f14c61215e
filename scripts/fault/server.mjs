/**
 * The shop under test: one `node server.mjs` at a time, started through scripts/shop-server.mjs with its
 * output appended to the stage's server log. The test kills it by pid, so that pid must be the process
 * that serves.
 */
import { appendFileSync, openSync, readFileSync } from 'node:fs';
import { startShop, waitForHealth } from '../shop-server.mjs';
import { BASE, HOST, PORT, say } from './config.mjs';

export class Shop {
  constructor(stage) {
    this.stage = stage;
    /** The running (or last) server process; replaced at the restart. */
    this.child = null;
  }

  async start(label) {
    const { logFile, env } = this.stage;
    appendFileSync(logFile, `\n===== ${label} ${new Date().toISOString()} =====\n`);
    const out = openSync(logFile, 'a');
    const child = startShop({ port: PORT, host: HOST, env, stdio: ['ignore', out, out] });
    this.child = child;
    try {
      const ms = await waitForHealth(BASE, child);
      say(`${label}: server.mjs (pid ${child.pid}) healthy in ${(ms / 1000).toFixed(1)} s`);
      return child;
    } catch (err) {
      throw new Error(`${label}: ${err.message}; see ${logFile}`);
    }
  }

  /** Stops the server if it still runs; SIGKILL when it has not gone within 15 s. */
  async stop(signal = 'SIGTERM') {
    const server = this.child;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    server.kill(signal);
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    await server.exited;
    clearTimeout(timer);
  }
}

/** Whether anything answers on the test's port: before the start (another server) and after the kill (the wrong pid). */
export async function portAnswers() {
  try {
    await fetch(`${BASE}/api/v1/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** The pid we kill must be the node process serving: no children of its own. */
export function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
