/** Types of lib/server/cache/page-cache.mjs (plain JS: server.mjs reads it before any TypeScript is loaded). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const PAGE_TAGS_HEADER: string;
export declare function acceptsBrotli(header: string | string[] | undefined): boolean;
export declare function createPageCache(o: {
  tagsExpired: (tags: string[], since: number) => boolean;
  usable?: () => boolean;
  classify: (userAgent: string | undefined) => string;
}): {
  keyOf(req: IncomingMessage): string | null;
  serve(req: IncomingMessage, res: ServerResponse, key: string | null): boolean;
  record(res: ServerResponse, key: string | null): ((status: number, headers: Record<string, unknown>, tags: string | undefined) => void) | null;
  size(): number;
};
