/** Types of lib/web/user-agent.mjs (plain JS: server.mjs reads it before any TypeScript is loaded). */
export declare function detectDevice(userAgent: string | null | undefined): 'mobile' | 'desktop';
export declare function isBot(userAgent: string | null | undefined): boolean;
