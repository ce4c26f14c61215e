'use client';
/**
 * − / + with a number field. Holding a button repeats the step every STEPPER_REPEAT_MS; the new
 * quantity is sent once, when the button is released (or the field loses focus).
 *
 * A purchase quantity passes `stock`: the limits are then the shop's (allowedQuantity, docs/rules.md#cart)
 * and a typed quantity the shop changes is said in a toast, in the words the API would use.
 * Other counts (units to return) pass `max`.
 */
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { STEPPER_REPEAT_MS } from '@/lib/web/ui';
import { allowedQuantity } from '@/lib/domain/quantity';

type Props = {
  value: number;
  label: string;
  disabled?: boolean;
  onCommit: (quantity: number) => void;
} & ({ stock: number; max?: never; min?: never } | { max: number; min?: number; stock?: never });

export function QuantityStepper({ value, max, min = 1, stock, label, disabled, onCommit }: Props) {
  const [shown, setShown] = useState(value);
  // What is typed, until it is committed (then the shop's limits apply).
  const [draft, setDraft] = useState<string | null>(null);
  // A new quantity from the server (after a commit, or another tab) replaces what is shown.
  const [received, setReceived] = useState(value);
  if (received !== value) {
    setReceived(value);
    setShown(value);
  }
  const current = useRef(value);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const top = stock === undefined ? Math.max(min, max ?? min) : allowedQuantity(Number.MAX_SAFE_INTEGER, stock).quantity;

  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => {
    current.current = value;
  }, [value]);
  useEffect(() => stop, []);

  const clamp = (n: number) => Math.min(top, Math.max(min, n));
  const step = (d: number) => {
    const next = clamp(current.current + d);
    current.current = next;
    setShown(next);
  };
  const commit = () => {
    stop();
    if (draft !== null) {
      const typed = Number(draft);
      let n = clamp(typed);
      if (stock !== undefined) {
        const allowed = allowedQuantity(typed, stock);
        n = allowed.quantity;
        if (allowed.notice) toast(allowed.notice, { id: 'quantity' });
      }
      setDraft(null);
      current.current = n;
      setShown(n);
    }
    if (current.current !== value) onCommit(current.current);
  };
  const press = (d: number, e: React.PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    step(d);
    stop();
    timer.current = setInterval(() => {
      const before = current.current;
      step(d);
      // At a bound the button turns disabled and may never see pointerup: send what we have.
      if (current.current === before) commit();
    }, STEPPER_REPEAT_MS);
  };
  const keyClick = (d: number, e: React.MouseEvent) => {
    // Pointer presses are handled above; a click with detail 0 comes from the keyboard.
    if (e.detail !== 0) return;
    step(d);
    commit();
  };
  const lostCapture = () => {
    if (timer.current) commit();
  };
  const noMenu = (e: React.MouseEvent) => e.preventDefault();

  return (
    <div className="qty stepper" role="group" aria-label={label}>
      <button
        type="button"
        onPointerDown={(e) => press(-1, e)}
        onPointerUp={commit}
        onPointerCancel={commit}
        onLostPointerCapture={lostCapture}
        onClick={(e) => keyClick(-1, e)}
        onContextMenu={noMenu}
        disabled={disabled || shown <= min}
        aria-label="减少数量"
      >
        −
      </button>
      <input
        aria-label="数量"
        inputMode="numeric"
        value={draft ?? shown}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 6))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      <button
        type="button"
        onPointerDown={(e) => press(1, e)}
        onPointerUp={commit}
        onPointerCancel={commit}
        onLostPointerCapture={lostCapture}
        onClick={(e) => keyClick(1, e)}
        onContextMenu={noMenu}
        disabled={disabled || shown >= top}
        aria-label="增加数量"
      >
        +
      </button>
    </div>
  );
}
