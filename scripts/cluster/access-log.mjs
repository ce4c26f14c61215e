/**
 * nginx's access log (docs/cluster.md#the-fronts-access-log): rotated once a day by the runner (the day's file is
 * renamed `<name>-YYYY-MM-DD.log`, then nginx is told to open its log again) and the rotated files
 * pruned once older than the six months docs/privacy.md promises to keep them.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { requestLimits } from '../../lib/server/boot/limits.mjs';

const DAY_MS = 86_400_000;
/** How often the runner looks whether the day changed. */
const CHECK_EVERY_MS = 60_000;

/** The local calendar day of `date`, YYYY-MM-DD. */
const dayOf = (date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** `access-8080.log` → its rotated files `access-8080-2026-11-27.log`: the day of each, by name. */
function rotatedFiles(file) {
  const dir = path.dirname(file);
  const stem = path.basename(file, '.log');
  const re = new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d{4}-\\d{2}-\\d{2})(?:\\.\\d+)?\\.log$`);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const m = re.exec(name);
    return m ? [{ path: path.join(dir, name), day: m[1] }] : [];
  });
}

/**
 * Removes the rotated files of a day more than `keepDays` before `now`: the instances' ACCESS_LOG_DAYS
 * (lib/server/boot/limits.mjs: at least the six months docs/privacy.md promises, at most a year).
 * @returns the removed paths
 */
export function pruneAccessLogs(file, now = new Date(), keepDays = requestLimits().accessLogDays) {
  const oldest = dayOf(new Date(now.getTime() - keepDays * DAY_MS));
  const removed = rotatedFiles(file).filter((f) => f.day < oldest);
  for (const f of removed) rmSync(f.path, { force: true });
  return removed.map((f) => f.path);
}

/**
 * Renames the current log to the file of `day` (a second rotation on one day gets `.1`, `.2` …) and calls
 * `reopen` (nginx's USR1), then prunes. An empty or missing log is left as it is.
 * @returns {string | null} the rotated file
 */
export function rotateAccessLog(file, day, reopen, now = new Date()) {
  let rotated = null;
  if (existsSync(file) && statSync(file).size > 0) {
    const stem = file.slice(0, -'.log'.length);
    rotated = `${stem}-${day}.log`;
    for (let n = 1; existsSync(rotated); n++) rotated = `${stem}-${day}.${n}.log`;
    renameSync(file, rotated);
    reopen();
  }
  pruneAccessLogs(file, now);
  return rotated;
}

/**
 * Rotates `file` whenever the local day changes while the runner runs, and prunes at once.
 * `reopen` tells nginx (it may be between restarts: then its next start opens the file anyway).
 * @returns {() => void} stops it
 */
export function rotateDaily({ file, reopen, say }) {
  let day = dayOf(new Date());
  pruneAccessLogs(file);
  const timer = setInterval(() => {
    const today = dayOf(new Date());
    if (today === day) return;
    try {
      const rotated = rotateAccessLog(file, day, reopen);
      if (rotated) say(`access log of ${day} kept as ${rotated}`);
    } catch (err) {
      say(`could not rotate the access log ${file}: ${err.message}`);
    }
    day = today;
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
