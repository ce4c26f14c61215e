/**
 * Reading a table of moves the docs keep for people (docs/states.md, docs/coupons.md): each test of a
 * table of moves holds the code's table to its page with these.
 */
import { readFileSync } from 'node:fs';
import type { Move } from '@/lib/domain/moves';

/** The lines under `heading` in docs/`file`, up to the next heading of its level or above. */
function section(file: string, heading: string): string[] {
  const lines = readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8').split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`docs/${file} has no heading "${heading}"`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(' ') <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/**
 * The rows of the table under `heading` as `from → to by actor`. `actor` reads a cell's word and throws
 * on one it does not know; with `creating`, a row that creates (its from is —) is read for its actors
 * only (tables whose creating rows name actors of the table).
 */
export function documentedMoves(file: string, heading: string, actor: (word: string) => string, creating = false): string[] {
  const names = (cell: string) => [...cell.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
  const rows = section(file, heading).filter((line) => line.startsWith('| `') || (creating && line.startsWith('| — |')));
  if (rows.length === 0) throw new Error(`docs/${file} has no table of moves under "${heading}"`);
  return rows.flatMap((line) => {
    const [from, to, , by] = line.split('|').slice(1, -1);
    const who = by.split('/').map((w) => actor(w.trim()));
    return names(from).flatMap((f) => names(to).flatMap((t) => who.map((a) => `${f} → ${t} by ${a}`)));
  });
}

/** An actor reader for `documentedMoves` that knows only `actors`. */
export function knownActor(actors: readonly string[], where: string): (word: string) => string {
  return (word) => {
    if (!actors.includes(word)) throw new Error(`unknown actor in ${where}: ${word}`);
    return word;
  };
}

/** The code's table as `from → to by actor`, the same shape. */
export const movesInCode = (table: readonly Move[]): string[] => table.flatMap((t) => t.by.map((a) => `${t.from} → ${t.to} by ${a}`));
