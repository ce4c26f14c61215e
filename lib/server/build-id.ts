/**
 * The build this process serves: the BUILD_ID of its dist dir (NEXT_DIST_DIR, read at start like the
 * rest of the build), not the id compiled into the code, so that `npm run cluster -- reload` can tell
 * which instances already run the new build (docs/cluster.md#deploys-without-downtime).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { settings } from './settings/settings';

let id: string | undefined;

export function servedBuildId(): string {
  if (id === undefined) {
    try {
      id = readFileSync(path.join(process.cwd(), settings().NEXT_DIST_DIR, 'BUILD_ID'), 'utf8').trim();
    } catch {
      id = 'dev'; // next dev has no BUILD_ID file
    }
  }
  return id;
}
