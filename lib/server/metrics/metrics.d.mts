/** Types of lib/server/metrics/metrics.mjs (plain JS: server.mjs reads it before any TypeScript is loaded). */
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';

export type OutboxNumbers = { backlog: number; oldestAgeSeconds: number };
export type WatchedPool = { totalCount: number; idleCount: number; waitingCount: number; options?: { max?: number } };

export declare function shopMetrics(): {
  registry: Registry;
  sources: { pool: WatchedPool | null; outboxProbe: (() => Promise<OutboxNumbers>) | null };
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  pageCache: Counter<'result'>;
  nextCache: Counter<'result'>;
  dbQuery: Histogram<'db'>;
  dbPool: Gauge<'state'>;
  outboxBacklog: Gauge;
  outboxOldest: Gauge;
  orderPlaced: Counter;
  orderMoves: Counter<'to'>;
  paymentMoves: Counter<'channel' | 'to'>;
  refundMoves: Counter<'to'>;
  sms: Counter<'template' | 'outcome'>;
};
export declare function collectProcessMetrics(): void;
export declare function countOrderPlaced(): void;
export declare function countOrderMoves(to: string, n?: number): void;
export declare function countPaymentMove(channel: string, to: string): void;
export declare function countRefundMove(to: string): void;
export declare function countSms(template: string, outcome: 'sent' | 'failed'): void;
export declare function observeQuery(db: 'pglite' | 'postgres', seconds: number): void;
export declare function watchDbPool(pool: WatchedPool): void;
export declare function setOutboxProbe(probe: () => Promise<OutboxNumbers>): void;
