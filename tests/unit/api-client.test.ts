/**
 * The browser API client (lib/api/client.ts, docs/api.md#browser-client): every row —
 * resultCode 200, other codes with and without a message, 416, a transport error, /payform/ paths —
 * against a stubbed fetch, a mocked react-hot-toast and minimal window / localStorage / document.cookie
 * fakes (the unit project runs in node; jsdom is not installed).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('react-hot-toast', () => {
  const toast = Object.assign(vi.fn(), { error: toastError, success: vi.fn(), dismiss: vi.fn() });
  return { default: toast, toast };
});

import { api, ApiError, request, swrFetcher } from '@/lib/api/client';
import { clearToken, getToken, setToken } from '@/lib/auth/token';
import { API_FALLBACK_ERROR, AUTH_COOKIE, AUTH_STORAGE_KEY } from '@/lib/constants';

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

  it('a non-JSON error body (e.g. a proxy 502 page) → 请求失败 with the HTTP status', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }));
    const err = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
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
  it('fetch throwing → a toast with its message and the rejection', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/x')).rejects.toThrow('Failed to fetch');
    expect(toastError).toHaveBeenCalledWith('Failed to fetch');
    expect(assign).not.toHaveBeenCalled();
  });

  it('a non-Error rejection → 请求失败', async () => {
    fetchMock.mockRejectedValueOnce('boom');
    await expect(api.get('/x')).rejects.toBe('boom');
    expect(toastError).toHaveBeenCalledWith('请求失败');
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
