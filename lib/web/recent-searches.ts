/**
 * 历史搜索: the shopper's own last searches, kept in this browser only (never sent to the server),
 * newest first, at most RECENT_SEARCHES_KEPT; 清除 forgets them all at once.
 */
import { RECENT_SEARCHES_KEPT } from '../domain/search-words';
import { normalizeSearch } from '../domain/search-words';

const KEY = 'ld.recentSearches';

export function readRecentSearches(): string[] {
  try {
    const v: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, RECENT_SEARCHES_KEPT) : [];
  } catch {
    return []; // storage unavailable (private mode) or spoilt: no history
  }
}

/** The search put first (once), the oldest beyond the limit dropped; answers the list now. */
export function rememberSearch(q: string): string[] {
  const text = normalizeSearch(q);
  if (!text) return readRecentSearches();
  const next = [text, ...readRecentSearches().filter((x) => x !== text)].slice(0, RECENT_SEARCHES_KEPT);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    /* storage unavailable: the search still runs */
  }
  return next;
}

export function clearRecentSearches(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}

/** The results page of a search. */
export const searchPath = (q: string): string => `/ProductList?q=${encodeURIComponent(q)}`;
