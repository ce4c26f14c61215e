/**
 * Where the server keeps its files: DATA_DIR (secrets, demo keys, uploads) and PGlite's database in it,
 * or in PGLITE_DIR when that is set (docs/rules.md#environment). Plain node, so the start-up checks can
 * name the directory without opening the database layer.
 */
import path from 'node:path';

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || '.data');
}

/** The PGlite data dir: PGLITE_DIR, by default `<data dir>/pglite`. */
export function pgliteDir(dir = dataDir()): string {
  return process.env.PGLITE_DIR ? path.resolve(/*turbopackIgnore: true*/ process.env.PGLITE_DIR) : path.join(dir, 'pglite');
}
