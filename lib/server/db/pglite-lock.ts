/**
 * PGlite allows one process per data dir, and PGlite itself does not check: a second process
 * (npm run db:seed, admin:create) opening the dir of a running shop would corrupt it. So whoever
 * opens a data dir leaves its pid in `<dir>.pid`; another live process holding it makes openDb
 * fail with DataDirLockedError. A stale file (its process is gone) is simply taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`PGlite data dir ${dir} is in use by process ${pid} (one process per data dir)`);
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the dir for this process; returns the release function. */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.pid`;
  let holder = NaN;
  try {
    holder = Number(readFileSync(file, 'utf8').trim());
  } catch {
    /* no lock file */
  }
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) throw new DataDirLockedError(dir, holder);
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
}
