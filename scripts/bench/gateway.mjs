/**
 * The demo payment gateways (WeChat Pay and Alipay under /sandbox) in a process of their own, for the
 * bench's checkout and the checkout profiler: the same build's server.mjs on its own port, which the
 * shop reaches through DEMO_GATEWAY_URL (lib/server/payments/config.ts). Its signing, its pages and its
 * database writes then count as the gateway's CPU, not the shop's (docs/bench.md).
 *
 * It shares the shop's DATA_DIR, where the demo key pairs are kept (payment-sandbox.json: both sides
 * sign and verify with them), and has a database of its own: a PGlite dir beside the shop's (one
 * process per PGlite dir), or a scratch PostgreSQL database whose backends the CPU reading can tell
 * from the shop's. Its SITE_URL is its own origin, so the QR code and cashier pages it makes point at
 * it; it notifies the shop at the notify_url the shop sends with each payment.
 */
import path from 'node:path';
import { createScratchDatabase } from '../scratch-database.mjs';
import { startShop, waitForHealth } from '../shop-server.mjs';

/**
 * The gateway's warnings and errors, on this terminal, but for the one its start always prints: the
 * build's canonical links name the shop's SITE_URL, not the gateway's (it serves no page that has one).
 */
function forwardStderr(child, origin) {
  let rest = '';
  const expected = (line) => !line.trim() || /^!+$/.test(line) || line.includes(`SITE_URL=${origin} npm run build`);
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => {
    const lines = (rest + text).split('\n');
    rest = lines.pop();
    for (const line of lines) if (!expected(line)) process.stderr.write(`${line}\n`);
  });
}

/**
 * @param {{ port: number, host?: string, env: object, dataDir: string, database: 'pglite' | 'postgres', stdio?: any }} o
 *   env: the shop's environment (the build, the log level); dataDir: the shop's DATA_DIR; stdio: by
 *   default its warnings and errors go to this process's stderr
 * @returns {Promise<{ origin: string, pids: number[], database: string | null, stop: () => Promise<void> }>}
 *   database: the name of its PostgreSQL database, null on PGlite
 */
export async function startGateway({ port, host = '127.0.0.1', env, dataDir, database, stdio }) {
  const origin = `http://${host}:${port}`;
  const scratch = database === 'postgres' ? await createScratchDatabase('shop_bench_gw') : null;
  const gatewayEnv = {
    ...env,
    SITE_URL: origin,
    SHOP_MODE: 'demo',
    DATA_DIR: dataDir,
    // The confirm posts carry each shopper's address, as the shop's requests do.
    TRUST_PROXY: '127.0.0.1/32',
    // Nothing of the catalog is asked of it.
    SEED: 'off',
  };
  // Not one of the cluster's instances: no shared page cache, and no gateway of its own to call.
  delete gatewayEnv.REDIS_URL;
  delete gatewayEnv.DEMO_GATEWAY_URL;
  if (scratch) {
    gatewayEnv.DATABASE_URL = scratch.url;
    delete gatewayEnv.PGLITE_DIR;
  } else {
    delete gatewayEnv.DATABASE_URL;
    gatewayEnv.PGLITE_DIR = path.join(dataDir, 'gateway-pglite');
  }
  const child = startShop({ port, host, env: gatewayEnv, stdio: stdio ?? ['ignore', 'ignore', 'pipe'] });
  if (!stdio) forwardStderr(child, origin);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await child.exited;
    await scratch?.drop().catch((err) => console.error(`[bench] could not drop the gateway's scratch database: ${err.message}`));
  };
  try {
    await waitForHealth(origin, child, 180_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, pids: [child.pid], database: scratch ? new URL(scratch.url).pathname.slice(1) : null, stop };
}
