'use client';
/**
 * The shopper's 在线客服 calls (docs/support.md#api), through the one API client. The shapes are the
 * server's (lib/server/modules/support), named here for the browser.
 */
import { api, request } from './client';

export type SupportLineView = { id: number; from: 'shopper' | 'shop'; text: string; imageIds: string[]; createdAt: string; read: boolean };
export type SupportLines = { items: SupportLineView[]; status: 'waiting' | 'open' | 'closed'; readUpTo: number };

const conversationPath = (id: number, what: string) => `/support/conversations/${id}${what}`;

export const supportApi = {
  open: (body: { text: string; productId?: number; orderNo?: string }) => api.post<{ id: number }>('/support/conversations', body),
  lines: (id: number, after: number) => request<SupportLines>(conversationPath(id, `/messages?after=${after}`), { background: true }),
  say: (id: number, body: { text: string } | { imageIds: string[] }) => api.post<SupportLineView>(conversationPath(id, '/messages'), body),
  streamUrl: (id: number, after: number) => `/api/v1${conversationPath(id, `/stream?after=${after}`)}`,
  unread: () => request<{ total: number }>('/support/unread', { background: true }),
};
