'use client';
import { useEffect } from 'react';
import { usePathname } from 'next/navigation';
import toast, { Toaster } from 'react-hot-toast';
import { FLASH_SUCCESS_KEY, FLASH_TOAST_KEY, TOAST_DURATION_MS, TOAST_OFFSET } from '@/lib/web/ui';
import { BUILD_LATEST_PATH, BUILD_POLL_INTERVAL_MS, CHUNK_RELOAD_GUARD_MS, isChunkLoadError, shouldReloadForChunk } from '@/lib/web/build-watch';
import { QueueIndicator } from './queue-indicator';

const BUILD_ID = process.env.NEXT_PUBLIC_BUILD_ID;
let stale = false;

/**
 * Everything the browser needs on every page, in one small island: toasts, 排队中, the new-build watch
 * (poll latest.json; on change, the next navigation is a full page load) and the chunk-failure
 * reload (at most once per 10 s).
 */
export function ClientRuntime() {
  const pathname = usePathname();

  useEffect(() => {
    if (stale) window.location.reload();
  }, [pathname]);

  useEffect(() => {
    const flash = window.sessionStorage.getItem(FLASH_TOAST_KEY);
    if (flash) {
      window.sessionStorage.removeItem(FLASH_TOAST_KEY);
      toast.error(flash);
    }
    const good = window.sessionStorage.getItem(FLASH_SUCCESS_KEY);
    if (good) {
      window.sessionStorage.removeItem(FLASH_SUCCESS_KEY);
      toast.success(good);
    }
  }, []);

  useEffect(() => {
    async function poll() {
      try {
        const res = await fetch(`${BUILD_LATEST_PATH}?t=${Date.now()}`, { cache: 'no-store' });
        if (!res.ok) return;
        const latest = (await res.json()) as { id?: string };
        if (latest.id && BUILD_ID && BUILD_ID !== 'dev' && latest.id !== BUILD_ID) stale = true;
      } catch {
        /* offline: try again next time */
      }
    }
    const timer = window.setInterval(poll, BUILD_POLL_INTERVAL_MS);
    const onVisible = () => document.visibilityState === 'visible' && poll();
    document.addEventListener('visibilitychange', onVisible);

    // A stale app lets the browser follow links itself, so the next page comes from the new build.
    const onClick = (e: MouseEvent) => {
      if (!stale) return;
      const a = (e.target as Element | null)?.closest?.('a[href]');
      if (a && (a as HTMLAnchorElement).origin === window.location.origin) e.stopPropagation();
    };
    window.addEventListener('click', onClick, true);

    const reloadOnChunkError = (reason: unknown) => {
      if (!isChunkLoadError(reason)) return;
      if (shouldReloadForChunk(window.sessionStorage, Date.now(), CHUNK_RELOAD_GUARD_MS)) window.location.reload();
    };
    const onError = (e: ErrorEvent | Event) => reloadOnChunkError('error' in e ? e.error ?? e : e);
    const onRejection = (e: PromiseRejectionEvent) => reloadOnChunkError(e.reason);
    window.addEventListener('error', onError, true);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('error', onError, true);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  return (
    <>
      <Toaster position="top-center" gutter={TOAST_OFFSET} toastOptions={{ duration: TOAST_DURATION_MS }} containerStyle={{ top: TOAST_OFFSET }} />
      <QueueIndicator />
    </>
  );
}
