'use client';
/**
 * Logging in on the way to an action: a visitor presses 到货通知, 收藏 or 立即领取, the login dialog
 * opens, and once they are logged in the action they pressed is carried out before the page reloads
 * as theirs. What it answered (its success, or why the API refused) is shown after the reload by
 * ClientRuntime's flash. The one place a shopper-only button asks a visitor to log in.
 */
import dynamic from 'next/dynamic';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AfterLogin } from './login-dialog';

const LoginDialog = dynamic(() => import('./login-dialog').then((m) => m.LoginDialog), { ssr: false });

export function useLoginFirst() {
  const [pending, setPending] = useState<{ then: AfterLogin } | null>(null);
  /** Tells the visitor why (`prompt`) and opens the dialog; `then` runs once they are logged in and answers its success message. */
  const ask = (prompt: string, then: AfterLogin) => {
    toast(prompt, { id: 'login-first' });
    setPending({ then });
  };
  const dialog = pending ? <LoginDialog onClose={() => setPending(null)} afterLogin={pending.then} /> : null;
  return { ask, dialog };
}
