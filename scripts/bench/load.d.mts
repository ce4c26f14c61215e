/** Types of scripts/bench/load.mjs (the bench's page load). */
export const UA: string;
export function loadClient(): 'wrk' | 'autocannon';
export function parseWrk(out: string): { rate: number; p99: number; errors: number; non2xx: number };
export function warm(base: string, url: string, times?: number): Promise<void>;
export function measurePage(base: string, url: string, load: { connections: number; duration: number }): Promise<{ rate: number; p99: number; errors: number; non2xx: number }>;
