/** Types of lib/server/boot/proxy-rules.mjs (plain JS: server.mjs reads it before any TypeScript is loaded). */
type Cidr = { net: bigint; bits: number; width: number };

export declare const normalAddress: (ip: string) => string;
export declare function parseTrustedProxies(spec: string | undefined): Cidr[];
export declare function inCidrs(ip: string, cidrs: Cidr[]): boolean;
export declare function resolveClientIp(peer: string, forwardedFor: string | null | undefined, cidrs: Cidr[]): string;
export declare function trustedProxies(): Cidr[];
