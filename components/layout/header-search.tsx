'use client';
/**
 * The header's search box. The header belongs to the layout, which cannot see a page's query, and the
 * cached pages are the same for everyone: the server's box is empty, and once hydrated the box learns
 * the search from the address and shows it back on its results (/ProductList?q=…); elsewhere it is empty.
 * Only the part that reads the address waits for the browser (useSearchParams renders on the client
 * alone, in its Suspense boundary) and it draws nothing: the box itself is the server's, hydrated, never
 * drawn anew — words typed into it while the page loads stay, and so does the focus.
 */
import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, useEffect, useState } from 'react';
import { SEARCH_PLACEHOLDER_SHORT, SearchForm } from './search-form';

function SearchFromAddress({ onSearch }: { onSearch: (q: string | undefined) => void }) {
  const q = useSearchParams().get('q') ?? undefined;
  const shown = usePathname() === '/ProductList' ? q : undefined;
  useEffect(() => onSearch(shown), [shown, onSearch]);
  return null;
}

export function HeaderSearch() {
  const [q, setQ] = useState<string | undefined>(undefined);
  return (
    <>
      <SearchForm value={q} placeholder={SEARCH_PLACEHOLDER_SHORT} follow />
      <Suspense fallback={null}>
        <SearchFromAddress onSearch={setQ} />
      </Suspense>
    </>
  );
}
