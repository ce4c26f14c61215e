/** Types of lib/server/boot/admission.mjs (plain JS: server.mjs reads it before any TypeScript is loaded). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Limits } from './limits.mjs';

export declare function admissionGate(
  limits: Pick<Limits, 'concurrency' | 'queue' | 'maxWaitMs' | 'deadlineMs' | 'retryAfterS'>,
  lag: { lagging: () => boolean },
): {
  load(): { active: number; waiting: number };
  admit(req: IncomingMessage, res: ServerResponse, pathname: string, work: () => void): void;
};
