/**
 * The browser API client (lib/api/client.ts, docs/api.md#browser-client): every row —
 * resultCode 200, other codes with and without a message, 416, a transport error, /payform/ paths, the
 * retries (the key on every try, Retry-After, 排队中, the time bound: docs/decisions/retries.md) —
 * against a stubbed fetch, a mocked react-hot-toast and minimal window / localStorage / document.cookie
 * fakes (the unit project runs in node; jsdom is not installed).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('react-hot-toast', () => {
  const toast = Object.assign(vi.fn(), { error: toastError, success: vi.fn(), dismiss: vi.fn() });
  return { default: toast, toast };
});

import { api, ApiError, favoritesApi, request, swrFetcher } from '@/lib/api/client';
import { queuedRequests } from '@/lib/api/queue';
import { clearToken, getToken, setToken } from '@/lib/auth/token';
import { API_FALLBACK_ERROR, API_NETWORK_ERROR, IDEMPOTENCY_HEADER } from '@/lib/api/protocol';
import { AUTH_COOKIE, AUTH_STORAGE_KEY } from '@/lib/web/sessions';
import { RETRY_BUDGET_MS } from '@/lib/api/retry';

// ------------------------------------------------------------------ browser fakes

/** A cookie jar with document.cookie's semantics: writes one cookie, expires/max-age ≤ 0 removes it. */
class CookieJar {
  jar = new Map<string, string>();
  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  set cookie(line: string) {
    const [pair, ...attrs] = line.split(';');
    const i = pair.indexOf('=');
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    let expired = false;
    for (const a of attrs) {
      const [k, v = ''] = a.trim().split('=');
      if (k.toLowerCase() === 'expires' && new Date(v).getTime() <= Date.now()) expired = true;
      if (k.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
    }
    if (expired) this.jar.delete(name);
    else this.jar.set(name, value);
  }
}

class Storage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.has(k) ? this.map.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  clear() {
    this.map.clear();
  }
}

let cookies: CookieJar;
let storage: Storage;
let assign: ReturnType<typeof vi.fn>;
let fetchMock: ReturnType<typeof vi.fn>;

function envelope(resultCode: number, data?: unknown, message = 'ok', status = resultCode === 416 ? 401 : resultCode) {
  return new Response(JSON.stringify({ resultCode, message, data }), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  cookies = new CookieJar();
  storage = new Storage();
  assign = vi.fn();
  fetchMock = vi.fn();
  vi.stubGlobal('document', cookies);
  vi.stubGlobal('window', { localStorage: storage, location: { protocol: 'http:', assign } });
  vi.stubGlobal('fetch', fetchMock);
  toastError.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function lastInit(): RequestInit & { headers: Record<string, string> } {
  return fetchMock.mock.calls.at(-1)![1];
}

// ------------------------------------------------------------------ requests

describe('what every request carries', () => {
  it('base /api/v1, credentials include, X-Requested-With, JSON and the stored token', async () => {
    setToken('tok-123');
    fetchMock.mockResolvedValueOnce(envelope(200, { a: 1 }));
    await api.get('/user/profile');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/user/profile');
    const init = lastInit();
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.headers.token).toBe('tok-123');
    expect(init.body).toBeUndefined();
  });

  it('the token comes from localStorage when the cookie is gone', async () => {
    storage.setItem(AUTH_STORAGE_KEY, 'from-storage');
    fetchMock.mockResolvedValueOnce(envelope(200));
    await api.get('/cart');
    expect(lastInit().headers.token).toBe('from-storage');
  });

  it('no token → an empty token header', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200));
    await api.get('/cart');
    expect(lastInit().headers.token).toBe('');
  });

  it('a path without the leading slash still lands under /api/v1', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200));
    await request('categories');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/categories');
  });

  it.each([
    ['post', 'POST'],
    ['put', 'PUT'],
    ['patch', 'PATCH'],
  ] as const)('api.%s sends %s with a JSON body', async (fn, method) => {
    fetchMock.mockResolvedValueOnce(envelope(200, { id: 1 }));
    await api[fn]('/user/profile', { nickname: '小明' });
    expect(lastInit().method).toBe(method);
    expect(lastInit().body).toBe(JSON.stringify({ nickname: '小明' }));
  });

  it('api.delete sends DELETE without a body; api.post without a body sends {}', async () => {
    fetchMock.mockImplementation(async () => envelope(200));
    await api.delete('/cart/items/3');
    expect(lastInit().method).toBe('DELETE');
    expect(lastInit().body).toBeUndefined();
    await api.post('/auth/logout');
    expect(lastInit().body).toBe('{}');
  });
});

// ------------------------------------------------------------------ the error catalogue

describe('resultCode 200', () => {
  it('resolves with data and shows no toast', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { items: [1, 2] }));
    await expect(api.get('/cart')).resolves.toEqual({ items: [1, 2] });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('swrFetcher resolves with data too', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, 'x'));
    await expect(swrFetcher('/x')).resolves.toBe('x');
  });
});

describe('other resultCodes', () => {
  it.each([400, 403, 404, 409, 429, 500])('%i with a message → toast.error(message), reject with it', async (code) => {
    setToken('keep-me');
    fetchMock.mockResolvedValueOnce(envelope(code, undefined, '库存不足'));
    const err = await api.post('/orders', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('库存不足');
    expect((err as ApiError).resultCode).toBe(code);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('库存不足');
    // only 416 logs out
    expect(getToken()).toBe('keep-me');
    expect(assign).not.toHaveBeenCalled();
  });

  it('409 with a message → rejects with that message', async () => {
    fetchMock.mockResolvedValueOnce(envelope(409, undefined, '订单状态已变化'));
    await expect(api.post('/orders/1/cancel')).rejects.toThrow('订单状态已变化');
    expect(toastError).toHaveBeenCalledWith('订单状态已变化');
  });

  it.each([400, 409, 500])('%i without a message → 请求失败', async (code) => {
    fetchMock.mockResolvedValueOnce(envelope(code, undefined, ''));
    await expect(api.get('/x')).rejects.toThrow(API_FALLBACK_ERROR);
    expect(API_FALLBACK_ERROR).toBe('请求失败');
    expect(toastError).toHaveBeenCalledWith('请求失败');
  });

  it('a non-JSON error body (e.g. a proxy 502 page), still there after the retries → 请求失败 with the HTTP status', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const pending = api.get('/x').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const err = (await pending) as ApiError;
    expect(err.message).toBe('请求失败');
    expect(err.resultCode).toBe(502);
    expect(toastError).toHaveBeenCalledWith('请求失败');
  });

  it('HTTP 200 whose envelope says otherwise is still an error', async () => {
    fetchMock.mockResolvedValueOnce(envelope(400, undefined, '参数错误', 200));
    await expect(api.get('/x')).rejects.toThrow('参数错误');
  });
});

describe('416: not logged in / token expired or revoked', () => {
  it('clears the cookie and localStorage, toasts, goes to / and rejects', async () => {
    setToken('revoked');
    expect(cookies.jar.get(AUTH_COOKIE)).toBe('revoked');
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBe('revoked');
    fetchMock.mockResolvedValueOnce(envelope(416, undefined, '登录已过期，请重新登录'));
    const err = (await api.get('/user/profile').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.resultCode).toBe(416);
    expect(err.message).toBe('登录已过期，请重新登录');
    expect(toastError).toHaveBeenCalledWith('登录已过期，请重新登录');
    expect(cookies.jar.has(AUTH_COOKIE)).toBe(false);
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('416 without a message still logs out, with 请求失败', async () => {
    setToken('t');
    fetchMock.mockResolvedValueOnce(envelope(416, undefined, ''));
    await expect(api.get('/x')).rejects.toThrow('请求失败');
    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });
});

describe('transport errors', () => {
  it('fetch throwing until the retries are spent → one Chinese toast and the rejection', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const pending = api.get('/x').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(((await pending) as Error).message).toBe('Failed to fetch');
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith(API_NETWORK_ERROR);
    expect(assign).not.toHaveBeenCalled();
  });

  it('a non-Error rejection → the same toast, the same rejection', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue('boom');
    const pending = api.get('/x').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await pending).toBe('boom');
    expect(toastError).toHaveBeenCalledWith(API_NETWORK_ERROR);
  });

  it('an aborted request is not tried again, nor toasted', async () => {
    const abort = new AbortController();
    fetchMock.mockImplementation(async () => {
      abort.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(api.get('/x', abort.signal)).rejects.toThrow('aborted');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toastError).not.toHaveBeenCalled();
  });
});

// ------------------------------------------------------------------ retries (docs/decisions/retries.md#client)

describe('retries', () => {
  const keyOf = (call: unknown[]) => (call[1] as { headers: Record<string, string> }).headers[IDEMPOTENCY_HEADER];
  const busy = (status: number, retryAfter?: string) =>
    new Response(JSON.stringify({ resultCode: status, message: '上一次提交仍在处理中，请稍候' }), {
      status,
      headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
    });

  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('every mutation carries a key of its own; every try of it the same key; a GET none', async () => {
    fetchMock.mockResolvedValueOnce(busy(503)).mockResolvedValueOnce(busy(502)).mockResolvedValueOnce(envelope(200, { id: 1 }));
    const first = api.post('/addresses', { name: '张三' });
    await vi.runAllTimersAsync();
    await expect(first).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const keys = fetchMock.mock.calls.map(keyOf);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(fetchMock.mock.calls.every((c) => (c[1] as RequestInit).body === JSON.stringify({ name: '张三' }))).toBe(true);

    fetchMock.mockResolvedValueOnce(envelope(200, {}));
    await api.delete('/favorites/1');
    const second = keyOf(fetchMock.mock.calls.at(-1)!);
    expect(second).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second).not.toBe(keys[0]);

    fetchMock.mockResolvedValueOnce(envelope(200, {}));
    await api.get('/cart');
    expect(keyOf(fetchMock.mock.calls.at(-1)!)).toBeUndefined();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('排队中 while a try waits, gone once the answer comes', async () => {
    fetchMock.mockResolvedValueOnce(busy(503)).mockResolvedValueOnce(envelope(200, 'ok'));
    expect(queuedRequests()).toBe(0);
    const pending = api.post('/orders', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queuedRequests()).toBe(1);
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toBe('ok');
    expect(queuedRequests()).toBe(0);
  });

  it('a background call waits without 排队中', async () => {
    fetchMock.mockResolvedValueOnce(busy(503)).mockResolvedValueOnce(envelope(200, { recorded: true }));
    const pending = favoritesApi.recordView(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(queuedRequests()).toBe(0);
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual({ recorded: true });
  });

  it('Retry-After is honoured: no try before it says', async () => {
    fetchMock.mockResolvedValueOnce(busy(503, '5')).mockResolvedValueOnce(envelope(200, 'ok'));
    const pending = api.get('/x');
    await vi.advanceTimersByTimeAsync(4_900);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(pending).resolves.toBe('ok');
  });

  it('409 with Retry-After (the same action still being worked on) is waited for; 409 without it is an answer', async () => {
    fetchMock.mockResolvedValueOnce(busy(409, '1')).mockResolvedValueOnce(envelope(200, { orderNo: '1' }));
    const pending = api.post('/orders', {});
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual({ orderNo: '1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockClear();
    fetchMock.mockResolvedValueOnce(envelope(409, undefined, '库存不足'));
    await expect(api.post('/orders', {})).rejects.toThrow('库存不足');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up within RETRY_BUDGET_MS: then the last answer is the error shown', async () => {
    const started = Date.now();
    fetchMock.mockImplementation(async () => busy(503, '1'));
    const pending = api.post('/orders', {}).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const err = (await pending) as ApiError;
    expect(Date.now() - started).toBeLessThanOrEqual(RETRY_BUDGET_MS);
    expect(Date.now() - started).toBeGreaterThan(RETRY_BUDGET_MS / 2);
    expect(fetchMock.mock.calls.length).toBeGreaterThan(3);
    expect(fetchMock.mock.calls.length).toBeLessThan(40);
    expect(err.resultCode).toBe(503);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(queuedRequests()).toBe(0);
  });

  it('other answers (400, 404, 500) are not tried again', async () => {
    for (const code of [400, 404, 500]) {
      fetchMock.mockClear();
      fetchMock.mockResolvedValueOnce(envelope(code, undefined, '不行'));
      await expect(api.post('/x', {})).rejects.toThrow('不行');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });
});

describe('/payform/ paths', () => {
  it('return the raw Response, unparsed, with no toast, even for non-200', async () => {
    const html = new Response('<form id="alipay"></form>', { status: 200, headers: { 'content-type': 'text/html' } });
    fetchMock.mockResolvedValueOnce(html);
    const res = await api.raw('/payform/alipay/P123');
    expect(res).toBe(html);
    expect(res.bodyUsed).toBe(false);
    await expect(res.text()).resolves.toContain('alipay');

    const bad = new Response(JSON.stringify({ resultCode: 404, message: '不存在' }), { status: 404 });
    fetchMock.mockResolvedValueOnce(bad);
    const got = await request('/payform/alipay/P404', { raw: true });
    expect(got).toBe(bad);
    expect(got.status).toBe(404);
    expect(got.bodyUsed).toBe(false);

    setToken('t');
    const unauth = new Response('{"resultCode":416,"message":"x"}', { status: 401 });
    fetchMock.mockResolvedValueOnce(unauth);
    await expect(api.get('/payform/alipay/P416')).resolves.toBe(unauth);
    expect(toastError).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(getToken()).toBe('t');
  });
});

describe('lib/auth/token.ts', () => {
  it('setToken writes the cookie (path /, SameSite=Strict, 7 days) and localStorage; clearToken removes both', () => {
    const writes: string[] = [];
    const jar = cookies;
    vi.stubGlobal('document', {
      get cookie() {
        return jar.cookie;
      },
      set cookie(v: string) {
        writes.push(v);
        jar.cookie = v;
      },
    });
    setToken('abc');
    expect(writes[0]).toMatch(/^auth-token=abc;/);
    expect(writes[0]).toMatch(/path=\//);
    expect(writes[0]).toMatch(/sameSite=strict/i);
    expect(writes[0]).not.toMatch(/secure/i);
    const expires = new Date(/expires=([^;]+)/.exec(writes[0])![1]).getTime();
    expect(Math.abs(expires - (Date.now() + 604_800_000))).toBeLessThan(5_000);
    expect(storage.getItem('token')).toBe('abc');
    expect(getToken()).toBe('abc');
    clearToken();
    expect(jar.jar.has('auth-token')).toBe(false);
    expect(storage.getItem('token')).toBeNull();
  });

  it('over https the cookie is Secure', () => {
    const writes: string[] = [];
    vi.stubGlobal('document', {
      get cookie() {
        return '';
      },
      set cookie(v: string) {
        writes.push(v);
      },
    });
    vi.stubGlobal('window', { localStorage: storage, location: { protocol: 'https:', assign } });
    setToken('s');
    expect(writes[0]).toMatch(/; secure/i);
  });

  it('getToken on the server (no window) is null', () => {
    vi.stubGlobal('window', undefined);
    expect(getToken()).toBeNull();
  });
});
