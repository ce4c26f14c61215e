/** Types of lib/server/cache/cache-shared.mjs (plain JS: Next's cache handler loads it outside the bundle). */
/** A Next cache entry as JSON, its Buffers and Maps kept. */
export declare function encodeEntry(entry: unknown): string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Next's entry shape is its own
export declare function decodeEntry(text: string): any;
export declare function sharedCache(serverDistDir: string): unknown;
export declare function sharedCacheInSync(): boolean;
export declare function closeSharedCache(): Promise<void>;
