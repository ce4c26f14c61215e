'use client';
/**
 * The header's search box. The header belongs to the layout, which cannot see a page's query, and the
 * cached pages are the same for everyone: so the box reads the search from the address itself and
 * shows it back on its results (/ProductList?q=…). Elsewhere it is empty.
 */
import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense } from 'react';
import { SEARCH_PLACEHOLDER_SHORT, SearchForm } from './search-form';

function SearchFormFromUrl() {
  const q = useSearchParams().get('q') ?? undefined;
  return <SearchForm value={usePathname() === '/ProductList' ? q : undefined} placeholder={SEARCH_PLACEHOLDER_SHORT} />;
}

export function HeaderSearch() {
  return (
    <Suspense fallback={<SearchForm placeholder={SEARCH_PLACEHOLDER_SHORT} />}>
      <SearchFormFromUrl />
    </Suspense>
  );
}
