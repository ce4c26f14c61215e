'use client';
/** mm:ss left before an unpaid order's pay deadline; calls onExpire once when it reaches 0. */
import { useEffect, useRef, useState } from 'react';

function msLeft(deadline: string, now = Date.now()): number {
  return Math.max(0, new Date(deadline).getTime() - now);
}

function formatMmSs(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export function PayCountdown({ deadline, onExpire }: { deadline: string; onExpire?: () => void }) {
  const [left, setLeft] = useState<number | null>(null);
  const fired = useRef(false);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    fired.current = false;
    const tick = () => {
      const ms = msLeft(deadline);
      setLeft(ms);
      if (ms === 0 && !fired.current) {
        fired.current = true;
        expire.current?.();
      }
      return ms;
    };
    if (tick() === 0) return;
    const t = setInterval(() => {
      if (tick() === 0) clearInterval(t);
    }, 1000);
    return () => clearInterval(t);
  }, [deadline]);

  if (left === null) return null;
  return (
    <p className="pay-countdown" role="timer" aria-live="off">
      {left > 0 ? (
        <>
          剩余支付时间 <strong data-testid="pay-countdown">{formatMmSs(left)}</strong>，超时订单将自动取消
        </>
      ) : (
        '支付时间已到，订单正在取消…'
      )}
    </p>
  );
}
