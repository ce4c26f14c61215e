/** Types of lib/server/boot/limits.mjs (plain JS: server.mjs reads it before any TypeScript is loaded). */
export type Limits = {
  deadlineMs: number;
  concurrency: number;
  queue: number;
  maxWaitMs: number;
  lagShedMs: number;
  retryAfterS: number;
  watchdogMs: number;
  statementTimeoutMs: number;
  idleInTransactionMs: number;
  accessLog: 'file' | 'stdout' | 'off';
  accessLogDir: string;
  accessLogDays: number;
  testHooks: boolean;
};

export declare function requestLimits(): Limits;
