/** Types of lib/server/cache/cache-policy.mjs (plain JS: server.mjs reads it before any TypeScript is loaded). */
export declare const PRIVATE_NO_STORE: string;
export declare const PUBLIC_PAGE_CACHE: string;
export declare function cacheControlFor(pathname: string, status: number, current: string | undefined): string | undefined;
