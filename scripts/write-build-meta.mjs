#!/usr/bin/env node
// Runs before `next build`: picks the build id and writes public/builds/latest.json and
// public/builds/meta/{buildId}.json, which the client polls to notice a new build (docs/rules.md#build-polling).
import { execSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

let sha = 'local';
try {
  sha = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
} catch {}
const id = `${sha}-${Date.now().toString(36)}`;
const builtAt = new Date().toISOString();
const dir = path.resolve('public/builds');
mkdirSync(path.join(dir, 'meta'), { recursive: true });
for (const f of readdirSync(path.join(dir, 'meta'))) rmSync(path.join(dir, 'meta', f));
writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ id, timestamp: Date.parse(builtAt) }) + '\n');
writeFileSync(path.join(dir, 'meta', `${id}.json`), JSON.stringify({ id, timestamp: Date.parse(builtAt), builtAt, commit: sha }) + '\n');
writeFileSync(path.resolve('.build-id'), id);
console.log(`build id ${id}`);
