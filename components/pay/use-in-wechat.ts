'use client';
/** True in WeChat's in-app browser (known only on the client: false on the server and the first render). */
import { useSyncExternalStore } from 'react';
import { isWeChatBrowser } from '@/lib/web/device';

const noSubscription = () => () => {};

export function useInWechat(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => isWeChatBrowser(navigator.userAgent),
    () => false,
  );
}
