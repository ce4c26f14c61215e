'use client';
/**
 * The auth token on the client: cookie `auth-token` (SameSite=Strict, Secure on https, path /,
 * 7 days) mirrored in localStorage `token` (docs/rules.md#sessions). Authenticated = a token exists.
 */
import Cookies from 'js-cookie';
import { AUTH_COOKIE, AUTH_STORAGE_KEY, AUTH_TOKEN_MAX_AGE_S } from '../web/sessions';

export function getToken(): string | null {
  if (typeof window === 'undefined') return null;
  return Cookies.get(AUTH_COOKIE) || window.localStorage.getItem(AUTH_STORAGE_KEY) || null;
}

export function setToken(token: string): void {
  Cookies.set(AUTH_COOKIE, token, {
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
    path: '/',
    expires: AUTH_TOKEN_MAX_AGE_S / 86_400,
    // Max-Age as well as Expires (js-cookie writes any other attribute as given): docs/rules.md#sessions.
    'max-age': String(AUTH_TOKEN_MAX_AGE_S),
  });
  window.localStorage.setItem(AUTH_STORAGE_KEY, token);
}

export function clearToken(): void {
  Cookies.remove(AUTH_COOKIE, { path: '/' });
  window.localStorage.removeItem(AUTH_STORAGE_KEY);
}
