'use client';
/** The 获取验证码 button's wait: seconds counted down, and the seconds a 429 message names. */
import { useCallback, useEffect, useRef, useState } from 'react';

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
