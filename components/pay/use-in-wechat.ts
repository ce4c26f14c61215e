'use client';
/** True in WeChat's in-app browser (known only on the client: false on the server and the first render). */
import { useEffect, useState } from 'react';
import { isWeChatBrowser } from '@/lib/device';

export function useInWechat(): boolean {
  const [inWechat, setInWechat] = useState(false);
  useEffect(() => setInWechat(isWeChatBrowser(navigator.userAgent)), []);
  return inWechat;
}
