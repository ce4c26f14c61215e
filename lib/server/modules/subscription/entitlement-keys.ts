/**
 * The apps' signing keys: ENTITLEMENT_KEYS (`mail:密钥,ding:密钥,…`, required in live mode), or in demo mode
 * keys the shop makes once and keeps in DATA_DIR/entitlement-keys.json, where a developer's app reads them
 * (docs/subscriptions.md#entitlements). Every instance of a cluster shares DATA_DIR, so they agree.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { keptInDataDir } from '../../secrets';
import { settings } from '../../settings/settings';
import { ENTITLEMENT_APPS } from './entitlement-apps';

let keys: Map<string, string> | null = null;

function loadKeys(): Map<string, string> {
  const set = settings().ENTITLEMENT_KEYS;
  if (set) return new Map(set.split(',').map((pair) => pair.trim().split(':') as [string, string]));
  const made = keptInDataDir('entitlement-keys.json', () =>
    JSON.stringify(Object.fromEntries(Object.keys(ENTITLEMENT_APPS).map((app) => [app, randomBytes(32).toString('hex')])), null, 2),
  );
  return new Map(Object.entries(JSON.parse(made) as Record<string, string>));
}

/** The key of an app the shop knows, or null. */
export function entitlementKey(appId: string): string | null {
  keys ??= loadKeys();
  return Object.hasOwn(ENTITLEMENT_APPS, appId) ? (keys.get(appId) ?? null) : null;
}
