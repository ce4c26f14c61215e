'use client';
/**
 * The browser's auth state: a thin zustand wrapper over lib/auth/token.ts (cookie + localStorage).
 * Authenticated = a token exists (docs/rules.md#sessions). `hydrate()` reads the stored token after mount, so the
 * server-rendered (anonymous) markup and the first client render agree.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { clearToken, getToken, setToken } from '@/lib/auth/token';

type AuthState = {
  token: string | null;
  hydrated: boolean;
  hydrate: () => void;
  setSession: (token: string) => void;
  clear: () => void;
};

export const useAuthStore = create<AuthState>((set) => ({
  token: null,
  hydrated: false,
  hydrate: () => {
    const token = getToken();
    // Re-mirror a token found only in localStorage into the cookie, so server-rendered pages agree.
    if (token) setToken(token);
    set({ token, hydrated: true });
  },
  setSession: (token) => {
    setToken(token);
    set({ token, hydrated: true });
  },
  clear: () => {
    clearToken();
    set({ token: null, hydrated: true });
  },
}));

/** The stored token once read (hydrated: false until then), reading it on first use in a component. */
export function useAuthToken(): { token: string | null; hydrated: boolean } {
  const token = useAuthStore((s) => s.token);
  const hydrated = useAuthStore((s) => s.hydrated);
  const hydrate = useAuthStore((s) => s.hydrate);
  useEffect(() => {
    if (!hydrated) hydrate();
  }, [hydrated, hydrate]);
  return { token, hydrated };
}
