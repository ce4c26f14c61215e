'use client';
/**
 * − / + with a number field. Holding a button repeats the step every STEPPER_REPEAT_MS; the new
 * quantity is sent once, when the button is released (or the field loses focus).
 */
import { useEffect, useRef, useState } from 'react';
import { STEPPER_REPEAT_MS } from '@/lib/constants';

type Props = {
  value: number;
  max: number;
  min?: number;
  label: string;
  disabled?: boolean;
  onCommit: (quantity: number) => void;
};

export function QuantityStepper({ value, max, min = 1, label, disabled, onCommit }: Props) {
  const [shown, setShown] = useState(value);
  // A new quantity from the server (after a commit, or another tab) replaces what is shown.
  const [received, setReceived] = useState(value);
  if (received !== value) {
    setReceived(value);
    setShown(value);
  }
  const current = useRef(value);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const top = Math.max(min, max);

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
        value={shown}
        disabled={disabled}
        onChange={(e) => {
          const n = clamp(Number(e.target.value.replace(/\D/g, '')) || min);
          current.current = n;
          setShown(n);
        }}
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
