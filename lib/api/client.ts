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

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

export function request(path: string, opts: Options & { raw: true }): Promise<Response>;
export function request<T>(path: string, opts?: Options): Promise<T>;
export async function request<T>(path: string, opts: Options & { raw?: boolean } = {}): Promise<T | Response> {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      credentials: 'include',
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': 'application/json',
        token: getToken() ?? '',
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : API_FALLBACK_ERROR;
    toast.error(message);
    throw err;
  }
  if (url.includes('/payform/')) return res;

  let body: Envelope<T> | null = null;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    body = null;
  }
  if (body && body.resultCode === RESULT.OK) return body.data as T;

  const code = body?.resultCode ?? res.status;
  const message = body?.message || API_FALLBACK_ERROR;
  toast.error(message);
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
};

/** swr fetcher over the same client. */
export const swrFetcher = <T,>(path: string) => api.get<T>(path);
