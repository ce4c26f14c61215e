'use client';
/**
 * Counts the search this results page shows in the shop's query log (POST /search/log), once per page
 * shown: the page itself comes from the cache, so the count cannot be made where it is rendered
 * (docs/decisions/search.md#the-query-log). Nothing about the shopper is sent with it.
 */
import { useEffect, useRef } from 'react';
import { request } from '@/lib/api/client';

export function SearchBeacon({ q }: { q: string }) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return; // React's development double run of effects counts once too
    sent.current = true;
    request('/search/log', { method: 'POST', body: { q }, background: true }).catch(() => {});
  }, [q]);
  return null;
}
