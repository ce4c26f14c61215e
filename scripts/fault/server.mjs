/**
 * The shop under test: one `node server.mjs` at a time, started through scripts/shop-server.mjs with its
 * output appended to the stage's server log. The test kills it by pid, so that pid must be the process
 * that serves. With --cluster: two instances and nginx (scripts/cluster/start.mjs), both logging to the
 * same file; `child` is the second instance, the one killed and started again.
 */
import { appendFileSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startCluster } from '../cluster/start.mjs';
import { startShop, waitForHealth } from '../shop-server.mjs';
import { BASE, CLUSTER, HOST, PORT, say } from './config.mjs';

/** The instance the cluster test kills. */
export const VICTIM_PORT = PORT + 2;

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
    if (CLUSTER) return this.startCluster(label, out);
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

  async startCluster(label, out) {
    const started = Date.now();
    if (this.cluster) {
      this.child = await this.cluster.startInstance(VICTIM_PORT);
    } else {
      const { env } = this.stage;
      this.cluster = await startCluster({
        port: PORT,
        instances: 2,
        firstInstancePort: PORT + 1,
        databaseUrl: env.DATABASE_URL,
        redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
        siteUrl: BASE,
        dataDir: this.stage.dataDir,
        prefix: path.join(this.stage.work, 'nginx'),
        env,
        stdio: ['ignore', out, out],
        nginxLog: path.join(this.stage.work, 'nginx.log'),
      });
      this.child = this.cluster.children[1];
    }
    say(`${label}: ${this.cluster.ports.map((p) => `:${p}`).join(' and ')} behind nginx on :${PORT}; the one to kill is :${VICTIM_PORT} (pid ${this.child.pid}), healthy in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return this.child;
  }

  /** Stops the server if it still runs; SIGKILL when it has not gone within 15 s. */
  async stop(signal = 'SIGTERM') {
    if (this.cluster) return this.cluster.stop();
    const server = this.child;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    server.kill(signal);
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    await server.exited;
    clearTimeout(timer);
  }
}

/** Whether anything answers on the test's port (or `base`): before the start (another server) and after the kill (the wrong pid). */
export async function portAnswers(base = BASE) {
  try {
    await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(1000) });
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
