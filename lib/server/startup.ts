/**
 * What the server checks and says at start, before it takes requests: settings that are missing or
 * wrong end the process naming each; a database it cannot open ends it with a message in Chinese and
 * English (the URL without its password, and the cause); a TRUST_PROXY it cannot read ends it too;
 * canonical links built for another SITE_URL get a loud warning.
 */
import { parseTrustedProxies } from './http/client-ip';
import { siteUrl } from '../site';
import { pgliteDir } from './db/data-dir';
import { settingsProblems } from './settings/problems';
import { settings } from './settings/settings';

/** A database URL fit for a log: the password (and any query, which may hold one) removed. */
export function redactDbUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    u.search = '';
    return u.toString();
  } catch {
    return '(DATABASE_URL 不是有效的 URL / is not a valid URL)';
  }
}

function causeOf(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e && parts.length < 4; e = (e as { cause?: unknown }).cause) {
    const m = e instanceof Error ? e.message : String(e);
    const code = (e as { code?: string }).code;
    parts.push(code && !m.includes(code) ? `${m} (${code})` : m);
    if (e instanceof AggregateError) parts.push(...e.errors.map((x) => (x instanceof Error ? x.message : String(x))));
  }
  return parts.filter(Boolean).join(' ← ') || 'unknown error';
}

export function databaseFailureMessage(err: unknown, databaseUrl = settings().DATABASE_URL, dataDir = settings().DATA_DIR): string {
  const where = databaseUrl ? `PostgreSQL ${redactDbUrl(databaseUrl)}` : `PGlite (${pgliteDir(dataDir)})`;
  const cause = causeOf(err);
  return [
    `量盾商城无法启动：无法打开数据库 ${where}。原因：${cause}`,
    `The shop cannot start: the database ${where} could not be opened. Cause: ${cause}`,
  ].join('\n');
}

/**
 * Connects once to DATABASE_URL with a timeout, so a host that drops packets fails the start in
 * seconds (the pool itself waits without limit, which is right under load, wrong at start).
 */
export async function probeDatabase(url = settings().DATABASE_URL): Promise<void> {
  if (!url) return;
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}

/** Throws with a readable message when TRUST_PROXY holds something that is not an address or CIDR. */
export function checkTrustProxy(): void {
  parseTrustedProxies(settings().TRUST_PROXY);
}

/**
 * Pages rendered at build time carry the build's SITE_URL in their canonical links and JSON-LD;
 * a server started with another one would publish links to the wrong host.
 */
// SHOP_BUILD_SITE_URL is not a setting: Next writes the build's SITE_URL into the bundle (next.config.ts env).
export function siteUrlMismatch(builtFor = process.env.SHOP_BUILD_SITE_URL): string | null {
  const now = siteUrl();
  if (!builtFor || builtFor.replace(/\/+$/, '') === now) return null;
  return [
    `警告：本构建的规范链接（canonical）指向 ${builtFor}，而服务器的 SITE_URL 是 ${now}。请用当前 SITE_URL 重新构建：SITE_URL=${now} npm run build`,
    `WARNING: this build's canonical links point to ${builtFor}, but the server runs with SITE_URL=${now}. Rebuild with SITE_URL=${now} npm run build`,
  ].join('\n');
}

/**
 * Ends the process, naming each setting it cannot start with (lib/server/settings/settings.ts says
 * which), before any other part of the shop is loaded: those read the settings as they load.
 */
export function exitOnBadSettings(env: Record<string, string | undefined> = process.env): void {
  const problems = settingsProblems(env);
  if (!problems.length) return;
  console.error(settingsFailureMessage(problems));
  process.exit(1);
}

/** The settings the shop cannot start with, each on its line. */
function settingsFailureMessage(problems: string[]): string {
  return [
    `量盾商城无法启动：以下设置缺失或有误（见 .env.example）。`,
    `The shop cannot start: these settings are missing or wrong (see .env.example).`,
    ...problems.map((p) => `  - ${p}`),
  ].join('\n');
}
