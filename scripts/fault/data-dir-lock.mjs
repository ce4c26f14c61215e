/**
 * PGlite allows one process per data dir, and the shop enforces it with a lock file (pglite.pid). The
 * test checks that a second process is refused while the shop runs, that the lock names the process
 * killed, and that the restarted server takes the stale lock over.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { say } from './config.mjs';
import { check } from './report.mjs';

const require = createRequire(import.meta.url);

/** The pid the data dir's lock names. */
export const lockHolder = (stage) => Number(readFileSync(path.join(stage.dataDir, 'pglite.pid'), 'utf8').trim());

/** Starts a second process (scripts/admin-create.ts) on the running shop's data dir; resolves when it exits. */
export function openDataDirTwice(stage, shop) {
  return new Promise((resolve) => {
    const tsx = require.resolve('tsx/cli');
    const p = spawn(process.execPath, [tsx, '--conditions=react-server', 'scripts/admin-create.ts', '--phone', '13800000000'], { env: stage.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('exit', (code) => resolve({ code, out, holder: shop.child.pid }));
  });
}

/** The second process must have been refused, naming the shop that holds the data dir. */
export async function checkSecondProcess(attempt) {
  const r = await attempt;
  const refused = r.code === 1 && /one process per data dir/.test(r.out) && r.out.includes(String(r.holder));
  check('second process refused the data dir', refused ? [] : [`admin:create exited ${r.code}: ${r.out.trim().slice(0, 400)}`], r.out.trim().split('\n').pop());
  say(`second process on the data dir: ${refused ? 'refused' : 'NOT refused'} (${r.out.trim().split('\n').pop()?.slice(0, 120)})`);
}

/** After the kill: the lock survived and names the killed server. */
export function checkLockAfterKill(stage, killedPid) {
  const holder = lockHolder(stage);
  say(`data dir survived the kill; its lock names pid ${holder} (the killed server: ${holder === killedPid})`);
  if (holder !== killedPid) check('lock held by the serving process', [`pglite.pid names ${holder}, the killed server was ${killedPid}`]);
}

/** After the restart: the new server holds the lock. */
export function checkLockAfterRestart(stage, shop) {
  const holder = lockHolder(stage);
  check('stale lock taken over by the restarted server', holder === shop.child.pid ? [] : [`pglite.pid names ${holder}, the server is ${shop.child.pid}`]);
}
