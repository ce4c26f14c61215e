'use client';
/**
 * The phone header's search: a link to /ProductList (whose box is at its top) that, once this script
 * runs, opens a box under the header instead and puts the cursor in it. The focus is given inside the
 * tap itself (flushSync), which is what makes iOS Safari raise the keyboard.
 */
import Link from 'next/link';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Icon } from './icons';
import { SearchForm } from './search-form';

export function MobileSearch() {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  return (
    <>
      <Link
        href="/ProductList"
        prefetch={false}
        aria-label={open ? '收起搜索' : '搜索商品'}
        aria-expanded={open}
        aria-controls="mobile-search"
        onClick={(e) => {
          e.preventDefault();
          flushSync(() => setOpen(!open));
          if (!open) box.current?.querySelector('input')?.focus();
        }}
      >
        <Icon name="search" />
      </Link>
      <div id="mobile-search" ref={box} className="mobile-search" hidden={!open}>
        <SearchForm id="mobile-search-box" className="search-form-wide" />
      </div>
    </>
  );
}
