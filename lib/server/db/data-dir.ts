/**
 * Where the server keeps its files: DATA_DIR (secrets, demo keys, uploads) and PGlite's database in it,
 * or in PGLITE_DIR when that is set (docs/rules.md#environment). Plain node, so the start-up checks can
 * name the directory without opening the database layer.
 */
import path from 'node:path';
import { settings } from '../settings/settings';

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ settings().DATA_DIR);
}

/** The PGlite data dir: PGLITE_DIR, by default `<data dir>/pglite`. */
export function pgliteDir(dir = dataDir()): string {
  const set = settings().PGLITE_DIR;
  return set ? path.resolve(/*turbopackIgnore: true*/ set) : path.join(dir, 'pglite');
}
