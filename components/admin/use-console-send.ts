'use client';
/**
 * The one way the console sends a change: the form's message when its input is refused here, busy
 * while the request runs, a toast when it is done, then the page's server data is reloaded. A
 * refused request was already toasted by the API client (a 409 asks to reload for the new version).
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSubmit, type Parsed, type ParsedData } from '@/components/ui/use-form-state';

export function useConsoleSend() {
  const router = useRouter();
  const { busy, submit } = useSubmit();
  const [error, setError] = useState('');
  /** When the last send succeeded, for a form's 已保存 line next to its button; cleared by the next send. */
  const [doneAt, setDoneAt] = useState<Date | null>(null);

  /** The data of a successful safeParse, or null once the first message of a failed one is shown (`fallback` if it has none). */
  const valid = <R extends Parsed>(result: R, fallback: string): ParsedData<R> | null => {
    const r: Parsed = result;
    setError(r.success ? '' : (r.error.issues[0]?.message ?? fallback));
    return r.success ? (r.data as ParsedData<R>) : null;
  };

  const send = (request: () => Promise<unknown>, done: string) =>
    submit(async () => {
      setDoneAt(null);
      await request();
      toast.success(done);
      setDoneAt(new Date());
      router.refresh();
    });

  return { busy, send, error, valid, doneAt };
}

/**
 * The version a form's next 保存 sends (updated_at in microseconds, as a string): the one its last save
 * answered with, at once — a second 保存 can come before the page's refresh brings it, and the old one
 * would be refused as 已被他人修改 — or the page's, when that is newer.
 */
export function useSavedVersion(pageVersion: string): [string, (saved: string) => void] {
  const [saved, setSaved] = useState(pageVersion);
  return [BigInt(saved) > BigInt(pageVersion) ? saved : pageVersion, setSaved];
}
