'use client';
/**
 * The one browser API client (docs/api.md#browser-client). Base /api/v1, credentials included,
 * X-Requested-With, JSON and the `token` header on every call; every POST/PUT/PATCH/DELETE carries an
 * Idempotency-Key of its own, the same on each try. No answer, 502/503/504 or 409 with Retry-After →
 * tried again with backoff for up to RETRY_BUDGET_MS while the screen says 排队中 (lib/api/retry.ts,
 * docs/decisions/retries.md). /payform/ paths return the raw Response unchecked; resultCode ≠ 200 → error
 * toast + reject with the message (or 请求失败); 416 also clears the token and goes home; no answer
 * in the end is toasted as API_NETWORK_ERROR.
 */
import toast from 'react-hot-toast';
import { API_BASE, API_FALLBACK_ERROR, API_NETWORK_ERROR, IDEMPOTENCY_HEADER, RESULT } from './protocol';
import { FLASH_TOAST_KEY } from '../web/ui';
import { clearToken, getToken } from '../auth/token';
import type { AutoRenewView, ContractChannel } from '../domain/auto-renew';
import type { MessageCategory, MessageItem, MessageSettings, UnreadCounts } from '../domain/messages';
import { joinQueue } from './queue';
import { answerIsRetryable, newIdempotencyKey, nextDelay, retryAfterMs } from './retry';

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
 * `background`: a call the shopper did not make (the 足迹 recorder): nothing is toasted, a 416 logs nobody
 * out, and its waits between tries do not show 排队中.
 */
type Options = { method?: string; body?: unknown; signal?: AbortSignal; form?: FormData; quiet?: boolean; background?: boolean };

const aborted = (err: unknown, signal?: AbortSignal) => signal?.aborted || (err instanceof Error && err.name === 'AbortError');

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    }
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Sends the request, and again while the answer says to (lib/api/retry.ts): the last answer, or
 * the last transport error thrown once the budget is spent.
 */
async function send(url: string, init: RequestInit, background: boolean): Promise<Response> {
  const started = Date.now();
  let leave: (() => void) | null = null;
  try {
    for (let attempt = 0; ; attempt++) {
      let res: Response | null = null;
      let failure: unknown = null;
      try {
        res = await fetch(url, init);
        if (!answerIsRetryable(res)) return res;
      } catch (err) {
        if (aborted(err, init.signal ?? undefined)) throw err;
        failure = err;
      }
      const delay = nextDelay(attempt, Date.now() - started, retryAfterMs(res?.headers.get('retry-after') ?? null));
      if (delay === null) {
        if (res) return res;
        throw failure;
      }
      if (!background) leave ??= joinQueue();
      await sleep(delay, init.signal ?? undefined);
    }
  } finally {
    leave?.();
  }
}

export function request(path: string, opts: Options & { raw: true }): Promise<Response>;
export function request<T>(path: string, opts?: Options): Promise<T>;
export async function request<T>(path: string, opts: Options & { raw?: boolean } = {}): Promise<T | Response> {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  const method = opts.method ?? (opts.body === undefined && !opts.form ? 'GET' : 'POST');
  let res: Response;
  try {
    res = await send(
      url,
      {
        method,
        credentials: 'include',
        // A file goes as multipart: the browser writes that Content-Type itself (with the boundary).
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          ...(opts.form ? {} : { 'Content-Type': 'application/json' }),
          token: getToken() ?? '',
          // One key per call, i.e. per shopper action: every try of it is the same action to the server.
          ...(method === 'GET' ? {} : { [IDEMPOTENCY_HEADER]: newIdempotencyKey() }),
        },
        body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
        signal: opts.signal,
      },
      Boolean(opts.background),
    );
  } catch (err) {
    if (!opts.background && !aborted(err, opts.signal)) toast.error(API_NETWORK_ERROR);
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
/** 上门取件's slots and addresses of a return (GET, read through swr). */
export const pickupPath = (afterSaleNo: string) => afterSalePath(afterSaleNo, '/pickup');

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
  // 上门取件 (docs/api.md#pickup): the slots and addresses (read through swr at pickupPath), book, cancel, the demo's courier.
  bookPickup: <T>(afterSaleNo: string, body: { date: string; start: string; addressId?: number; address?: Record<string, string> }) => api.post<T>(afterSalePath(afterSaleNo, '/pickup'), body),
  cancelPickup: <T>(afterSaleNo: string) => api.post<T>(afterSalePath(afterSaleNo, '/pickup/cancel')),
  advancePickup: <T>(afterSaleNo: string) => api.post<T>(afterSalePath(afterSaleNo, '/pickup/advance')),
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

/**
 * 我的服务 (docs/subscriptions.md): the shopper's subscriptions, and the orders that 续费, 加席位 or 升级 one.
 * Each of those answers the order to pay (`orderNo`), paid on the shop's pay screen as any order.
 * 自动续费 (docs/subscriptions.md#自动续费): 开通 answers the provider's page where the shopper signs (nothing
 * is signed until they agree there); 关闭 ends it in one step, the provider's 解约 included.
 */
const subscriptionPath = (id: number, what = '') => `/subscriptions/${id}${what}`;
export const subscriptionApi = {
  renew: (id: number, years: number) => api.post<{ orderNo: string }>(subscriptionPath(id, '/renew'), { years }),
  addSeats: (id: number, add: number) => api.post<{ orderNo: string }>(subscriptionPath(id, '/seats'), { add }),
  upgrade: (id: number) => api.post<{ orderNo: string }>(subscriptionPath(id, '/upgrade')),
  autoRenew: (id: number, channel: ContractChannel) => api.post<{ signUrl: string; autoRenew: AutoRenewView }>(subscriptionPath(id, '/auto-renew'), { channel }),
  stopAutoRenew: (id: number) => api.delete<AutoRenewView>(subscriptionPath(id, '/auto-renew')),
};
