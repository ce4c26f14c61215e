'use client';
/** 退出登录: revoke the token on the server, forget it here, go home. */
import { useState } from 'react';
import { api } from '@/lib/api/client';
import { useAuthStore } from '@/store/auth';

export function LogoutButton({ className = 'btn btn-ghost' }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    if (busy) return;
    setBusy(true);
    try {
      await api.post<null>('/auth/logout');
    } catch {
      // Already toasted (or already logged out); the local token goes either way.
    }
    useAuthStore.getState().clear();
    // A full load, not a client navigation: every per-user cache of the page goes with the session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/');
  }
  return (
    <button type="button" className={className} onClick={onClick} disabled={busy}>
      退出登录
    </button>
  );
}
