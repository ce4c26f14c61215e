'use client';
/**
 * The one way the console sends a change: busy while it runs, a toast when it is done, then the
 * page's server data is reloaded. A refused request was already toasted by the API client.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import toast from 'react-hot-toast';

export function useConsoleSend() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function send(request: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await request();
      toast.success(done);
      router.refresh();
    } catch {
      // the client toasted the message (a 409 asks to reload for the new version)
    } finally {
      setBusy(false);
    }
  }
  return { busy, send };
}
