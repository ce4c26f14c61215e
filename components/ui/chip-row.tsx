'use client';
/**
 * A row of chips (.chips). On a phone the row scrolls sideways when it is wider than the screen: the
 * current chip (aria-current) is brought into view when the row appears, so a shopper who arrives on
 * 待评价 from a shortcut sees it chosen rather than cut off at the edge.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';

export function ChipRow({ label, children }: { label: string; children: ReactNode }) {
  const row = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const nav = row.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = current.offsetLeft - nav.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, []);
  return (
    <nav ref={row} className="chips" aria-label={label}>
      {children}
    </nav>
  );
}
