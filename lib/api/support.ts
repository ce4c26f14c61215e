'use client';
/**
 * The shopper's 在线客服 calls (docs/support.md#api), through the one API client. The shapes are the
 * server's (lib/server/modules/support), named here for the browser.
 */
import type { SupportCard } from '@/lib/domain/support';
import { api, request } from './client';

export type SupportLineView = { id: number; from: 'shopper' | 'shop'; text: string; imageIds: string[]; createdAt: string; read: boolean };
export type SupportLines = { items: SupportLineView[]; status: 'waiting' | 'open' | 'closed'; readUpTo: number };
/** What a question may be asked from: one of a product, an order, an after-sales request, an invoice. */
export type SupportAbout = { productId?: number; orderNo?: string; afterSaleNo?: string; invoiceId?: number };
/** An earlier session: its card and lines (GET /support/conversations?before=). */
export type SupportSessionView = { id: number; status: 'waiting' | 'open' | 'closed'; card: SupportCard | null; createdAt: string; closedAt: string | null; items: SupportLineView[] };

const conversationPath = (id: number, what: string) => `/support/conversations/${id}${what}`;

export const supportApi = {
  open: (body: { text: string } & SupportAbout) => api.post<{ id: number }>('/support/conversations', body),
  earlier: (before: number | undefined) => api.get<{ items: SupportSessionView[]; more: boolean }>(`/support/conversations${before ? `?before=${before}` : ''}`),
  lines: (id: number, after: number) => request<SupportLines>(conversationPath(id, `/messages?after=${after}`), { background: true }),
  say: (id: number, body: { text: string } | { imageIds: string[] }) => api.post<SupportLineView>(conversationPath(id, '/messages'), body),
  streamUrl: (id: number, after: number) => `/api/v1${conversationPath(id, `/stream?after=${after}`)}`,
  unread: () => request<{ total: number }>('/support/unread', { background: true }),
};
