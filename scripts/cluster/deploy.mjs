/**
 * The build a reload deploys (docs/cluster.md#deploys-without-downtime): made once into a NEW dist dir
 * `.next-reload-<port>-<time>` (the running instances keep serving theirs, untouched), with the static
 * files of the build it replaces copied in, so a page loaded before the switch still finds its chunks.
 * `.cluster/cluster-<port>.dist` names the build the cluster serves, so that a later start of the runner
 * serves it too instead of going back to the one it first started with.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../shop-server.mjs';

const RELOAD_PREFIX = '.next-reload-';
const currentFileOf = (port) => path.join(ROOT, '.cluster', `cluster-${port}.dist`);

/** The BUILD_ID of dist dir `distDir` (relative to the checkout). */
export const buildIdOf = (distDir) => readFileSync(path.join(ROOT, distDir, 'BUILD_ID'), 'utf8').trim();

/** The dist dir the last reload on `port` deployed, when it is still there; else null. */
export function deployedDist(port) {
  try {
    const dir = readFileSync(currentFileOf(port), 'utf8').trim();
    if (dir.startsWith(RELOAD_PREFIX) && existsSync(path.join(ROOT, dir, 'BUILD_ID'))) return dir;
  } catch {}
  return null;
}

/**
 * Removes the reload builds of `port` other than `keep` (none is served: the instances serve `keep`).
 * Asynchronous, like the copies below: the runner supervises meanwhile.
 */
export async function pruneDists(port, keep) {
  const old = readdirSync(ROOT).filter((name) => name.startsWith(`${RELOAD_PREFIX}${port}-`) && name !== keep);
  await Promise.all(old.map((name) => rm(path.join(ROOT, name), { recursive: true, force: true })));
}

/** Remembers `distDir` as the build the cluster on `port` serves. */
export function recordDeployed(port, distDir) {
  writeFileSync(currentFileOf(port), `${distDir}\n`);
}

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

/**
 * Makes the build to deploy, from the one served now (`fromDist`). `copy`: the same build under a new
 * BUILD_ID (CLUSTER_SKIP_BUILD=1: a redeploy without building, which the cluster test uses to keep its
 * time); otherwise `npm run build` with NEXT_DIST_DIR set to the new dir.
 * @returns {Promise<string>} the new dist dir, relative to the checkout
 */
export async function makeBuild({ port, fromDist, siteUrl, copy, say }) {
  const distDir = `${RELOAD_PREFIX}${port}-${Date.now().toString(36)}`;
  const to = path.join(ROOT, distDir);
  const from = path.join(ROOT, fromDist);
  if (copy) {
    // Next's build cache is not served: left out.
    await cp(from, to, { recursive: true, filter: (src) => src !== path.join(from, 'cache') });
    const id = `${buildIdOf(fromDist).replace(/-r[0-9a-z]+$/, '')}-r${Date.now().toString(36)}`;
    rmSync(path.join(to, 'BUILD_ID'));
    writeFileSync(path.join(to, 'BUILD_ID'), id);
    say(`reload: the build of ${fromDist} copied to ${distDir} as build ${id}`);
  } else {
    say(`reload: building into ${distDir} for ${siteUrl}`);
    // next build adds its dist dir's types to tsconfig.json's include: the checkout's file is kept as it was.
    const tsconfig = path.join(ROOT, 'tsconfig.json');
    const kept = readFileSync(tsconfig, 'utf8');
    try {
      await run('npm', ['run', 'build'], { ...process.env, SITE_URL: siteUrl, NEXT_DIST_DIR: distDir });
    } catch (err) {
      await rm(to, { recursive: true, force: true });
      throw err;
    } finally {
      writeFileSync(tsconfig, kept);
    }
    writeFileSync(path.join(to, 'SHOP_SITE_URL'), siteUrl);
  }
  // Hashed names: a file of the old build never overwrites one of the new.
  if (existsSync(path.join(from, 'static'))) await cp(path.join(from, 'static'), path.join(to, 'static'), { recursive: true, force: false });
  return distDir;
}
