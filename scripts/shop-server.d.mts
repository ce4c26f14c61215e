/** Types of scripts/shop-server.mjs (plain JS: the test scripts run it with node; the e2e specs import it). */
import type { ChildProcess, StdioOptions } from 'node:child_process';

export const ROOT: string;
export function startShop(o: { port: number; host?: string; env: Record<string, string | undefined>; stdio?: StdioOptions; nodeArgs?: string[] }): ChildProcess & {
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};
export function waitForHealth(base: string, child: ChildProcess, timeoutMs?: number): Promise<number>;
