/**
 * Secrets the server makes itself and keeps in DATA_DIR (mode 600), so a restart — and every instance
 * of a cluster, which share DATA_DIR — keeps using them: the app's own HMAC secret (SMS codes) unless
 * APP_SECRET is set, and demo mode's key material (the payment and carrier sandboxes).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './db/data-dir';
import { settings } from './settings/settings';

/**
 * The text of DATA_DIR/`name`, made by `make` the first time; of two processes making it at once, the
 * one that loses the race reads the winner's.
 */
export function keptInDataDir(name: string, make: () => string): string {
  const file = path.join(dataDir(), name);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    mkdirSync(dataDir(), { recursive: true });
    const fresh = make();
    try {
      writeFileSync(file, fresh, { mode: 0o600, flag: 'wx' });
      return fresh;
    } catch {
      return readFileSync(file, 'utf8'); // another process made it first
    }
  }
}

let secret: string | null = null;

export function appSecret(): string {
  secret ??= settings().APP_SECRET || keptInDataDir('app-secret', () => randomBytes(32).toString('hex')).trim();
  return secret;
}
