'use client';
/**
 * A modal confirm (components/ui/modal-dialog.tsx: Esc cancels) for 删除,
 * 取消订单 and 确认收货. `const [ask, dialog, choose] = useConfirm()`; render `dialog`; `await ask('…')`,
 * or `await choose('…', reasons, …)` for a question answered with one of a short list (取消原因).
 * The two buttons never look alike: the way back is secondary, the action primary (red when it
 * destroys something, and then the way back has the focus, so Enter does no harm).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ModalDialog } from './modal-dialog';

type Options = {
  /** The way back: 取消 unless told (暂不取消, 暂不删除 …). */
  cancelLabel?: string;
  /** The action cannot be undone: a red button, and the focus on the way back. */
  danger?: boolean;
};
type ChoiceOptions = Options & { confirmLabel: string; /** What is chosen, for the legend and the message when nothing is: 取消原因. */ choiceLabel: string };
type Ask = Options & { message: string; confirmLabel: string; choices?: readonly string[]; choiceLabel?: string; resolve: (v: string | null) => void };

type Confirm = (message: string, confirmLabel?: string, opts?: Options) => Promise<boolean>;
type Choose = (message: string, choices: readonly string[], opts: ChoiceOptions) => Promise<string | null>;

export function useConfirm(): [Confirm, React.ReactNode, Choose] {
  const [ask, setAsk] = useState<Ask | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const goRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const errorId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!ask || !d || d.open) return;
    d.showModal();
    // After showModal (which focuses the first control): the way back when the action destroys something.
    (ask.danger ? backRef : goRef).current?.focus();
  }, [ask]);

  const open = useCallback((a: Omit<Ask, 'resolve'>) => new Promise<string | null>((resolve) => {
    setChosen(null);
    setMissing(false);
    setAsk({ ...a, resolve });
  }), []);

  const confirm = useCallback<Confirm>(
    async (message, confirmLabel = '确认', opts = {}) => (await open({ message, confirmLabel, ...opts })) !== null,
    [open],
  );
  const choose = useCallback<Choose>((message, choices, opts) => open({ message, choices, ...opts }), [open]);

  const close = (value: string | null) => {
    ref.current?.close();
    ask?.resolve(value);
    setAsk(null);
  };
  const accept = () => {
    if (!ask?.choices) return close('');
    if (chosen === null) return setMissing(true);
    close(chosen);
  };

  const dialog = ask ? (
    <ModalDialog ref={ref} labelledBy={titleId} onCancel={() => close(null)}>
      <p id={titleId} className="confirm-message">
        {ask.message}
      </p>
      {ask.choices ? (
        <fieldset className="confirm-choices" aria-describedby={missing ? errorId : undefined}>
          <legend>{ask.choiceLabel}</legend>
          {ask.choices.map((c) => (
            <label key={c}>
              <input
                type="radio"
                name={`${titleId}-choice`}
                value={c}
                checked={chosen === c}
                onChange={() => {
                  setChosen(c);
                  setMissing(false);
                }}
              />
              {c}
            </label>
          ))}
          {missing ? (
            <p id={errorId} className="field-error" role="alert">
              请选择{ask.choiceLabel}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="confirm-buttons">
        <button ref={backRef} type="button" className="btn btn-ghost" onClick={() => close(null)}>
          {ask.cancelLabel ?? '取消'}
        </button>
        <button ref={goRef} type="button" className={ask.danger ? 'btn btn-danger' : 'btn'} onClick={accept}>
          {ask.confirmLabel}
        </button>
      </div>
    </ModalDialog>
  ) : null;

  return [confirm, dialog, choose];
}
