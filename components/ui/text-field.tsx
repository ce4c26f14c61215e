/** A labelled input with its hint and its message, wired for screen readers; an addon (a button) may sit beside it. */
import type { InputHTMLAttributes, ReactNode } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error?: string;
  /** Shown beside the input (e.g. the 获取验证码 button). */
  addon?: ReactNode;
  hint?: ReactNode;
};

/** A label tied to its input, the error under it (aria-invalid + aria-describedby), an optional addon. */
export function TextField({ id, label, error, addon, hint, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [error ? errorId : null, hintId].filter(Boolean).join(' ') || undefined;
  const control = <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {addon ? (
        <div className="auth-addon-row">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {hint ? (
        <p id={hintId} className="muted small auth-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field's message under it (nothing when there is none); `alert` announces it at once (a form-wide message). */
export function FieldError({ id, message, alert }: { id?: string; message?: string | null; alert?: boolean }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role={alert ? 'alert' : undefined}>
      {message}
    </p>
  );
}
