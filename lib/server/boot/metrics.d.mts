/** Types of lib/server/boot/metrics.mjs (plain JS: server.mjs reads it before any TypeScript is loaded). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function shopMetricsServer(o: { root: string }): {
  routeOf(pathname: string): string;
  observe(req: IncomingMessage, res: ServerResponse): void;
  pageCache(key: string | null, hit: boolean): void;
  serve(req: IncomingMessage, res: ServerResponse): boolean;
};
