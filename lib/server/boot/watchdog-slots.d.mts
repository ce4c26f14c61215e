/** Types of lib/server/boot/watchdog-slots.mjs (plain JS: server.mjs reads it before any TypeScript is loaded). */
export type RequestInFlight = { id: string; method: string; path: string; at: number; fd: number; api: boolean; headSent: boolean };
export declare function newSlotTable(): SharedArrayBuffer;
export declare function slotWriter(buffer: SharedArrayBuffer): {
  start(id: string, method: string, path: string, fd: number, api: boolean): number;
  headSent(slot: number): void;
  end(slot: number): void;
};
export declare function readSlots(buffer: SharedArrayBuffer): { requests: RequestInFlight[]; unnamed: number };
