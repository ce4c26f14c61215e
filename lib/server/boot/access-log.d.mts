/** Types of lib/server/boot/access-log.mjs (plain JS: server.mjs reads it before any TypeScript is loaded). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function pruneAccessLogs(dir: string, keepDays: number, now?: number): void;
export declare function accessLog(o: { target: 'file' | 'stdout' | 'off'; dir: string; keepDays: number; routeOf: (pathname: string) => string }): {
  record(req: IncomingMessage, res: ServerResponse, id: string): void;
};
