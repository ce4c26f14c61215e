/** Types of lib/server/boot/request-context.mjs (plain JS: server.mjs reads it before any TypeScript is loaded). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function requestIdOf(req: IncomingMessage, res: ServerResponse): string;
export declare function withRequestId<T>(id: string, fn: () => T): T;
