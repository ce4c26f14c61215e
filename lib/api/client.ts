'use client';
/**
 * The one browser API client (docs/api.md#browser-client). Base /api/v1, credentials included,
 * X-Requested-With, JSON and the `token` header on every call; /payform/ paths return the raw
 * Response unchecked; resultCode ≠ 200 → error toast + reject with the message (or 请求失败);
 * 416 also clears the token and goes home; a transport error is toasted. No timeout.
 */
import toast from 'react-hot-toast';
import { API_BASE, API_FALLBACK_ERROR, FLASH_TOAST_KEY, RESULT } from '../constants';
import { clearToken, getToken } from '../auth/token';
import type { MessageCategory, MessageItem, MessageSettings, UnreadCounts } from '../domain/messages';

type Envelope<T> = { resultCode: number; message: string; data?: T };

export class ApiError extends Error {
  constructor(
    message: string,
    readonly resultCode: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * `quiet`: a refusal is not toasted (the caller shows the message where it belongs: the after-sales preview).
 * `background`: a call the shopper did not make (the 足迹 recorder): nothing is toasted and a 416 logs nobody out.
 */
type Options = { method?: string; body?: unknown; signal?: AbortSignal; form?: FormData; quiet?: boolean; background?: boolean };

export function request(path: string, opts: Options & { raw: true }): Promise<Response>;
export function request<T>(path: string, opts?: Options): Promise<T>;
export async function request<T>(path: string, opts: Options & { raw?: boolean } = {}): Promise<T | Response> {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? (opts.body === undefined && !opts.form ? 'GET' : 'POST'),
      credentials: 'include',
      // A file goes as multipart: the browser writes that Content-Type itself (with the boundary).
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        ...(opts.form ? {} : { 'Content-Type': 'application/json' }),
        token: getToken() ?? '',
      },
      body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      signal: opts.signal,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : API_FALLBACK_ERROR;
    if (!opts.background) toast.error(message);
    throw err;
  }
  if (url.includes('/payform/')) return res;
  // A file answered in place of the envelope (a CSV of codes): the caller saves it.
  if (opts.raw && res.ok && !(res.headers.get('content-type') ?? '').includes('json')) return res;

  let body: Envelope<T> | null = null;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    body = null;
  }
  if (body && body.resultCode === RESULT.OK) return body.data as T;

  const code = body?.resultCode ?? res.status;
  const message = body?.message || API_FALLBACK_ERROR;
  if (opts.background) throw new ApiError(message, code);
  if (!opts.quiet || code === RESULT.NOT_LOGGED_IN) toast.error(message);
  if (code === RESULT.NOT_LOGGED_IN) {
    // The page unloads at once: the home page shows the message again (ClientRuntime reads it).
    try {
      window.sessionStorage.setItem(FLASH_TOAST_KEY, message);
    } catch {
      /* storage unavailable: the toast above is all there is */
    }
    clearToken();
    // A full load, not a client navigation: every per-user cache of the page goes with the token.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/');
  }
  throw new ApiError(message, code);
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>(path, { method: 'GET', signal }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
  raw: (path: string) => request(path, { raw: true }),
  /** POST that answers a file (no envelope) when it succeeds; a refusal is toasted and rejects as any other. */
  download: (path: string, body: unknown) => request(path, { method: 'POST', body, raw: true }),
  /** POST one file as multipart `file` (the after-sales photos). */
  upload: <T>(path: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<T>(path, { method: 'POST', form });
  },
};

/** An uploaded photo, as POST /uploads answers. */
export type Upload = { id: string; url: string; width: number | null; height: number | null };
type AfterSaleDraft = { orderNo: string; type: string; items: { orderItemId: number; quantity: number }[]; reason: string };
const afterSalePath = (no: string, what = '') => `/aftersales/${encodeURIComponent(no)}${what}`;

/**
 * The after-sales calls of the shopper's screens (docs/api.md#after-sales). The shapes are the
 * server's (lib/server/modules/after-sales); the screens name them as type arguments.
 */
export const afterSaleApi = {
  options: <T>(orderNo: string) => api.get<T>(`/orders/${encodeURIComponent(orderNo)}/aftersale`),
  // Asked on every change of the form: a rule it breaks is shown beside the amount, not toasted.
  preview: <T>(draft: AfterSaleDraft) => request<T>('/aftersales/preview', { method: 'POST', body: draft, quiet: true }),
  create: <T>(draft: AfterSaleDraft & { description: string; imageIds: string[] }) => api.post<T>('/aftersales', draft),
  cancel: <T>(afterSaleNo: string) => api.post<T>(afterSalePath(afterSaleNo, '/cancel')),
  returnShipment: <T>(afterSaleNo: string, body: { carrier: string; trackingNo: string }) => api.post<T>(afterSalePath(afterSaleNo, '/return-shipment'), body),
  confirm: <T>(afterSaleNo: string) => api.post<T>(afterSalePath(afterSaleNo, '/confirm')),
  uploadPhoto: (file: File) => api.upload<Upload>('/uploads', file),
  activateLicense: <T>(code: string) => api.post<T>(`/licenses/${encodeURIComponent(code)}/activate`),
};

/** 我的收藏 and 足迹 (docs/api.md#favorites-and-history); the product page's heart reads `favoritePath(id)` through swr. */
export const favoritePath = (productId: number) => `/favorites/${productId}`;
export const favoritesApi = {
  save: (productId: number) => api.put<{ favorite: boolean }>(favoritePath(productId)),
  remove: (productId: number) => api.delete<{ favorite: boolean }>(favoritePath(productId)),
  removeMany: (productIds: number[]) => request<{ removed: number }>('/favorites', { method: 'DELETE', body: { productIds } }),
  recordView: (productId: number) => request<{ recorded: boolean }>('/user/history', { method: 'POST', body: { productId }, background: true }),
  clearHistory: (productId?: number) => api.delete<{ removed: number }>(productId === undefined ? '/user/history' : `/user/history?productId=${productId}`),
};

/** swr fetcher over the same client. */
export const swrFetcher = <T,>(path: string) => api.get<T>(path);

/** 评价 of the shopper's screens (docs/api.md#reviews); the shapes are the server's (lib/server/modules/reviews). */
export const reviewApi = {
  create: <T>(body: { orderNo: string; orderItemId: number; rating: number; content: string; imageIds: string[]; anonymous: boolean }) => api.post<T>('/reviews', body),
  append: <T>(id: number, body: { content: string; imageIds: string[] }) => api.post<T>(`/reviews/${id}/append`, body),
};

/**
 * 消息中心 (docs/messages.md): the list, the unread counts behind the badges, 已读, 删除 and 消息设置.
 * The badge asks in the background: a failed count is no reason to toast or to log anyone out.
 */
export const MESSAGES_UNREAD_PATH = '/messages/unread';
export const messagesApi = {
  list: (query: { category?: MessageCategory; page: number; pageSize: number }) =>
    api.get<{ items: MessageItem[]; total: number }>(`/messages?${new URLSearchParams({ ...(query.category ? { category: query.category } : {}), page: String(query.page), pageSize: String(query.pageSize) })}`),
  unread: () => request<UnreadCounts>(MESSAGES_UNREAD_PATH, { background: true }),
  read: (which: { ids: number[] } | { all: true; category?: MessageCategory }) => api.post<unknown>('/messages/read', which),
  remove: (id: number) => api.delete<unknown>(`/messages/${id}`),
  settings: () => api.get<MessageSettings>('/messages/settings'),
  saveSettings: (settings: MessageSettings) => api.put<MessageSettings>('/messages/settings', settings),
};
