/** Calling the exported route handlers directly, the way Next.js would. */
import { expect } from 'vitest';

export const BASE = 'http://shop.test/api/v1';

export type Envelope<T = unknown> = { resultCode: number; message: string; data?: T };

export function get(path: string, init: RequestInit = {}): Request {
  return new Request(`${BASE}${path}`, { method: 'GET', ...init });
}

export function post(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function params<P extends Record<string, string>>(p: P): { params: Promise<P> } {
  return { params: Promise.resolve(p) };
}

/** Reads the envelope and checks that the HTTP status matches its resultCode (416 → 401). */
export async function envelope<T = unknown>(res: Response): Promise<Envelope<T>> {
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = (await res.json()) as Envelope<T>;
  expect(typeof body.resultCode).toBe('number');
  expect(typeof body.message).toBe('string');
  expect(res.status).toBe(body.resultCode === 416 ? 401 : body.resultCode);
  expect(res.status, `no 5xx: ${body.message}`).toBeLessThan(500);
  return body;
}

/** Chinese text (at least one Han character). */
export const HAN = /[\u4e00-\u9fff]/;
