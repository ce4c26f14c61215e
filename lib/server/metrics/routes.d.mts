/** Types of lib/server/metrics/routes.mjs (plain JS: server.mjs reads it before any TypeScript is loaded). */
export declare const OTHER: string;
export declare function routeMatcher(dirs: { distDir: string; publicDir: string }): (pathname: string) => string;
