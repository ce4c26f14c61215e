/**
 * The server's own secret (HMAC of SMS codes): APP_SECRET from the environment, else a random one
 * made at first start in DATA_DIR/app-secret (mode 600), so a restart keeps codes valid.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './db/client';

let secret: string | null = null;

export function appSecret(): string {
  if (secret) return secret;
  if (process.env.APP_SECRET) return (secret = process.env.APP_SECRET);
  const file = path.join(dataDir(), 'app-secret');
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir(), { recursive: true });
    const fresh = randomBytes(32).toString('hex');
    try {
      writeFileSync(file, fresh, { mode: 0o600, flag: 'wx' });
      secret = fresh;
    } catch {
      secret = readFileSync(file, 'utf8').trim(); // another process made it first
    }
  }
  return secret;
}
