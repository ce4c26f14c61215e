'use client';
/**
 * A modal confirm (native <dialog>: role=dialog, focus kept inside, Esc cancels) for 删除,
 * 取消订单 and 确认收货. `const [ask, dialog] = useConfirm()`; render `dialog`; `await ask('…')`.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';

type Ask = { message: string; confirmLabel: string; resolve: (ok: boolean) => void };

export function useConfirm(): [(message: string, confirmLabel?: string) => Promise<boolean>, React.ReactNode] {
  const [ask, setAsk] = useState<Ask | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const d = ref.current;
    if (ask && d && !d.open) d.showModal();
  }, [ask]);

  const confirm = useCallback(
    (message: string, confirmLabel = '确认') => new Promise<boolean>((resolve) => setAsk({ message, confirmLabel, resolve })),
    [],
  );

  const close = (ok: boolean) => {
    ref.current?.close();
    ask?.resolve(ok);
    setAsk(null);
  };

  const dialog = ask ? (
    <dialog
      ref={ref}
      className="confirm-dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        close(false);
      }}
    >
      <p id={titleId} className="confirm-message">
        {ask.message}
      </p>
      <div className="confirm-buttons">
        <button type="button" className="btn btn-ghost" onClick={() => close(false)}>
          取消
        </button>
        <button type="button" className="btn" onClick={() => close(true)} autoFocus>
          {ask.confirmLabel}
        </button>
      </div>
    </dialog>
  ) : null;

  return [confirm, dialog];
}
