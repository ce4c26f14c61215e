/** Public pages with a parameter whose ids come from content modules (customer cases, video guides). */
import { STORIES } from '@/content/stories';
import { VIDEOS } from '@/content/help/videos';

export function contentPaths(): string[] {
  return [...STORIES.map((s) => `/userStoreProc/${s.id}`), ...VIDEOS.map((v) => `/helpCenter/videoGuide/${v.id}`)];
}
