/**
 * The baseline of `npm run bench`: a bare Next app (scripts/bench/bare-app: a root layout and one static
 * page) built and served by `next start`. It is copied to a temporary directory whose node_modules is a
 * link to the shop's, so it runs the very Next and React the shop runs; the shop's own tools never see a
 * second app in the checkout, and no build output lands there.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../shop-server.mjs';

const SOURCE = path.join(ROOT, 'scripts/bench/bare-app');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The deepest folder holding both paths (Turbopack reads only below its root). */
function commonRoot(a, b) {
  const pa = a.split(path.sep);
  const pb = b.split(path.sep);
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  return pa.slice(0, i).join(path.sep) || path.sep;
}

/** Runs `next build` in `dir`; its output is shown only when it fails. */
function build(dir, nextBin, env) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [nextBin, 'build'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the bare app's next build exited with ${code}:\n${out.slice(-3000)}`))));
  });
}

/** Resolves once `GET base/` answers 200; throws if the server exits first or after `timeoutMs`. */
async function waitForPage(base, child, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the bare app exited with ${child.exitCode ?? child.signalCode}`);
    try {
      const res = await fetch(`${base}/`, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`the bare app did not answer ${base}/ within ${timeoutMs / 1000} s`);
}

/**
 * Builds the bare app and starts `next start -p port -H host`.
 * @returns {Promise<{ base: string, stop: () => Promise<void> }>} stop() ends the server and removes the copy
 */
export async function startBareApp({ port, host = '127.0.0.1', say = () => {} }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-bare-'));
  let child = null;
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const modules = realpathSync(path.join(ROOT, 'node_modules'));
    cpSync(SOURCE, dir, { recursive: true });
    symlinkSync(modules, path.join(dir, 'node_modules'), 'dir');
    const nextBin = path.join(modules, 'next/dist/bin/next');
    const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', BARE_APP_ROOT: commonRoot(realpathSync(dir), modules) };
    delete env.NEXT_DIST_DIR;
    const started = Date.now();
    await build(dir, nextBin, env);
    say(`bare app built in ${((Date.now() - started) / 1000).toFixed(0)} s (${dir})`);
    child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', host], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const base = `http://${host}:${port}`;
    await waitForPage(base, child);
    return { base, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
