/**
 * The shop's settings: the environment read once through the schema (./schema.ts) into a frozen
 * object, which the code reads instead of process.env. The start (instrumentation.ts) checks them
 * first (./problems.ts) and ends the process naming each problem; so by the time a request is served,
 * `settings()` can no longer fail.
 *
 * No node: imports here: lib/site.ts (and through it lib/web/safe-redirect.ts) is bundled for the
 * browser too, which never calls settings(). What the start checks is in ./problems.ts.
 *
 * The object is kept on globalThis: Next bundles proxy.ts and the app separately, and both must see
 * the same settings. Under vitest (NODE_ENV=test) it is read again whenever one of its variables
 * changed, because the tests set a variable for one case and restore it after.
 */
import { settingsSchema, type Settings } from './schema';

const KEY = Symbol.for('liangdun.settings');
const g = globalThis as typeof globalThis & { [KEY]?: Settings };

function parse(env: Record<string, string | undefined>): Settings {
  const read = settingsSchema.safeParse(env);
  if (!read.success) throw new Error(read.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('\n'));
  return Object.freeze(read.data);
}

const NAMES = Object.keys(settingsSchema.shape);
let seen: { values: string; settings: Settings } | null = null;

export function settings(): Settings {
  if (process.env.NODE_ENV === 'test') {
    const values = NAMES.map((name) => process.env[name] ?? '\u0000').join('\u0001');
    if (seen?.values !== values) seen = { values, settings: parse(process.env) };
    return seen.settings;
  }
  return (g[KEY] ??= parse(process.env));
}
