/** Types of lib/web/security-headers.mjs (plain JS: next.config, proxy and the ISR cache handler share it). */
export function noncePolicy(nonce: string): string;
export function hashPolicy(hashes: string[]): string;
export const API_CSP: string;
export const UPLOAD_CSP: string;
export const MESSAGE_PAGE_CSP: string;
export function payFormPolicy(html: string, gatewayUrl: string): string;
export const CSP_HEADER: string;
export function inlineScriptHashes(html: string): string[];
export function makeNonce(): string;
export const HSTS: [string, string];
export const COMMON_HEADERS: [string, string][];
