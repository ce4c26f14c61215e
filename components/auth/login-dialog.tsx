'use client';
/**
 * The login dialog: a modal around LoginForm (focus kept inside, Esc or the backdrop closes). Opened
 * by the header, or by an action a visitor pressed (useLoginFirst): that action, `afterLogin`, runs
 * once they are logged in, before the page reloads; what it answered is flashed onto the new page.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '@/lib/api/client';
import { FLASH_SUCCESS_KEY, FLASH_TOAST_KEY } from '@/lib/web/ui';
import { LoginForm } from './login-form';

/** The pressed action, run with the new session; answers the message of its success. */
export type AfterLogin = () => Promise<string>;

function flash(key: string, message: string) {
  try {
    window.sessionStorage.setItem(key, message);
  } catch {
    /* storage unavailable: the reloaded page shows the new state without the message */
  }
}

async function carryOut(then: AfterLogin) {
  try {
    flash(FLASH_SUCCESS_KEY, await then());
  } catch (err) {
    // The API client toasted the refusal (已领完, 收藏夹已满 …); the page is about to reload, so it is flashed too.
    if (err instanceof ApiError) flash(FLASH_TOAST_KEY, err.message);
  }
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function LoginDialog({ onClose, afterLogin }: { onClose: () => void; afterLogin?: AfterLogin }) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  // What opened the dialog, read while rendering: by the time an effect runs, the form's autofocus has
  // already moved focus into the dialog. Closing gives focus back to it.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const box = boxRef.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        closeRef.current();
        return;
      }
      if (e.key !== 'Tab' || !box) return;
      const items = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !box.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !box.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [opener]);

  return (
    <div className="auth-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={boxRef} className="auth-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="spread auth-dialog-head">
          <h2 id={titleId}>登录</h2>
          <button type="button" className="auth-close" onClick={onClose} aria-label="关闭">
            ×
          </button>
        </div>
        <LoginForm autoFocus onSuccess={afterLogin ? () => carryOut(afterLogin) : undefined} />
      </div>
    </div>
  );
}
