'use client';
/** Small pieces shared by the account forms: a labelled input with its error, a countdown, issue mapping. */
import { useCallback, useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { z } from 'zod';

export type Errors<F extends string> = Partial<Record<F, string>>;

/** The first message of each field of a failed safeParse. */
export function fieldErrors<F extends string>(error: z.ZodError, fields: readonly F[]): Errors<F> {
  const out: Errors<F> = {};
  for (const issue of error.issues) {
    const f = issue.path[0] as F;
    if (fields.includes(f) && !out[f]) out[f] = issue.message;
  }
  return out;
}

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
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Seconds left before another code may be requested; start(n) begins counting down from n. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  const start = useCallback((seconds: number) => {
    stop();
    const end = Date.now() + seconds * 1000;
    setLeft(seconds);
    timer.current = setInterval(() => {
      const s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) stop();
    }, 250);
  }, []);
  useEffect(() => stop, []);
  return [left, start];
}

/** "请 42 秒后再获取验证码" → 42 (so a 429 still starts the countdown). */
export function secondsIn(message: string): number | null {
  const m = /(\d+)\s*秒/.exec(message);
  return m ? Number(m[1]) : null;
}
