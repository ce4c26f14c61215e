'use client';
/**
 * The search box: a plain GET form that works without JavaScript and lands on /ProductList?q=. With it,
 * a combobox (docs/rules.md#search): while typing, the catalog's words and products' names the text
 * completes (GET /search/suggest, ↑ ↓ to move, Enter to choose, Esc to close); empty and focused,
 * 历史搜索 (this browser's, 清除 in one tap) and 热门搜索 (GET /search/popular), as a phone's search
 * screen shows them. `value`: the search shown back on its results.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_MAX } from '@/lib/domain/catalog-rules';
import { request } from '@/lib/api/client';
import { clearRecentSearches, readRecentSearches, rememberSearch, searchPath } from '@/lib/web/recent-searches';

const SEARCH_PLACEHOLDER = '搜索耳机、硬盘、量子邮箱';
/** The desktop header's box, narrower than the list page's: the hint that fits it whole from 1024 px. */
export const SEARCH_PLACEHOLDER_SHORT = '搜索耳机、硬盘';
/** Typing pauses this long before the box asks for suggestions (each prefix is a cache read on the server). */
const SUGGEST_DELAY_MS = 80;

type Suggestions = { words: string[]; products: { id: number; name: string }[] };
type Option = { key: string; label: string; href: string; q: string | null };

function optionsOf(s: Suggestions | null): Option[] {
  if (!s) return [];
  return [
    ...s.words.map((w) => ({ key: `w:${w}`, label: w, href: searchPath(w), q: w })),
    ...s.products.map((p) => ({ key: `p:${p.id}`, label: p.name, href: `/proc/${p.id}`, q: null })),
  ];
}

/**
 * What the shopper typed into this box before the page's script ran, or null. The server's box is the one
 * React hydrates; a value other than the one it was served with was typed. Rendered with the server's
 * text instead, the box would put the old words back and Enter would search them.
 */
function typedBeforeScript(id: string): string | null {
  if (typeof document === 'undefined') return null;
  const served = document.getElementById(id);
  return served instanceof HTMLInputElement && served.value !== served.defaultValue ? served.value : null;
}

/** Whether the box with this id has the focus. */
function focusedBox(id: string): boolean {
  return typeof document !== 'undefined' && document.activeElement?.id === id;
}

type Props = {
  id?: string;
  value?: string;
  className?: string;
  placeholder?: string;
  /**
   * The header's box, which learns the search it shows from the address after hydration: it takes each
   * new one unless the shopper has typed, instead of starting afresh (which would drop what was typed).
   */
  follow?: boolean;
};

/** A new search shown back (another results page) starts the box afresh with it, except the header's (`follow`). */
export function SearchForm(props: Props) {
  return props.follow ? <SearchBox {...props} /> : <SearchBox key={props.value ?? ''} {...props} />;
}

function SearchBox({
  id = 'site-search',
  value,
  className,
  placeholder = SEARCH_PLACEHOLDER,
  follow = false,
}: Props) {
  const router = useRouter();
  const [early] = useState(() => typedBeforeScript(id));
  const [text, setText] = useState(early ?? value ?? '');
  // `follow`: the search the box shows, and whether the shopper typed before it first learnt one.
  const [shown, setShown] = useState(value);
  const [learnt, setLearnt] = useState(false);
  const [typedFirst, setTypedFirst] = useState(early !== null);
  if (follow && value !== shown) {
    // The address's search, learnt after hydration, then on each move. The first one leaves the box alone
    // when the shopper typed into it or is in it (a value set under their fingers would mix with theirs).
    setShown(value);
    setLearnt(true);
    if (learnt || !(typedFirst || focusedBox(id))) setText(value ?? '');
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<{ for: string; s: Suggestions } | null>(null);
  const [recent, setRecent] = useState<string[]>([]);
  const [popular, setPopular] = useState<string[] | null>(null);
  const abort = useRef<AbortController | null>(null);
  const box = useRef<HTMLDivElement>(null);

  const typed = text.trim();
  const options = typed && found?.for === typed ? optionsOf(found.s) : [];
  const listId = `${id}-suggestions`;

  useEffect(() => {
    if (!open || !typed) return;
    const timer = window.setTimeout(() => {
      abort.current?.abort();
      const ctrl = new AbortController();
      abort.current = ctrl;
      request<Suggestions>(`/search/suggest?q=${encodeURIComponent(typed)}`, { method: 'GET', background: true, signal: ctrl.signal })
        .then((s) => {
          setFound({ for: typed, s });
          setActive(-1);
        })
        .catch(() => {}); // a suggestion that fails is simply not shown: the search itself still works
    }, SUGGEST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, open]);

  function opened() {
    setOpen(true);
    setRecent(readRecentSearches());
    if (popular === null) {
      setPopular([]);
      request<{ queries: string[] }>('/search/popular', { method: 'GET', background: true })
        .then((r) => setPopular(r.queries))
        .catch(() => {});
    }
  }

  // The box focused before the page's script ran (a tap while it loads): open it as a focus now would.
  useEffect(() => {
    const t = window.setTimeout(() => {
      if (document.activeElement?.id === id) opened();
    }, 0);
    return () => window.clearTimeout(t);
    // Once, on mount: later focuses have their own handler.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function go(o: Option) {
    if (o.q !== null) {
      setRecent(rememberSearch(o.q));
      setText(o.q);
    }
    setOpen(false);
    router.push(o.href);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    // Keys that pick a candidate in a Chinese input method belong to it, not to the suggestions.
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Escape') {
      setOpen(false);
      return;
    }
    if (!open) opened();
    if (options.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: ↓ from the last option comes back to what was typed.
      const n = options.length + 1;
      setActive((a) => ((a + 1 + step + n) % n) - 1);
    } else if (e.key === 'Enter' && active >= 0 && active < options.length) {
      e.preventDefault();
      go(options[active]);
    }
  }

  const showList = open && options.length > 0;
  const showStart = open && !typed && (recent.length > 0 || (popular?.length ?? 0) > 0);

  return (
    <div
      ref={box}
      className={className ? `search-box ${className}` : 'search-box'}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <form className="search-form" action="/ProductList" method="get" role="search" onSubmit={(e) => {
          const q = new FormData(e.currentTarget).get('q')?.toString().trim();
          if (q) setRecent(rememberSearch(q));
        }}>
        <label htmlFor={id} className="sr-only">
          搜索商品
        </label>
        <input
          id={id}
          name="q"
          type="search"
          enterKeyHint="search"
          placeholder={placeholder}
          maxLength={SEARCH_MAX}
          autoComplete="off"
          value={text}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 && active < options.length ? `${listId}-${active}` : undefined}
          onChange={(e) => {
            if (!learnt) setTypedFirst(true);
            setText(e.target.value);
            setActive(-1);
            if (!open) opened();
          }}
          onFocus={opened}
          onKeyDown={onKeyDown}
        />
        <button type="submit">搜索</button>
      </form>
      <ul id={listId} role="listbox" aria-label="搜索建议" className="search-panel" hidden={!showList}>
        {options.map((o, i) => (
          <li
            key={o.key}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={o.q === null ? 'search-option search-option-product' : 'search-option'}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(o)}
          >
            {o.label}
          </li>
        ))}
      </ul>
      {showStart ? (
        <div className="search-panel search-start">
          {recent.length > 0 ? (
            <section aria-label="历史搜索">
              <div className="spread">
                <span className="search-panel-title">历史搜索</span>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    clearRecentSearches();
                    setRecent([]);
                  }}
                >
                  清除
                </button>
              </div>
              <SearchChips words={recent} onPick={(q) => setRecent(rememberSearch(q))} />
            </section>
          ) : null}
          {popular && popular.length > 0 ? (
            <section aria-label="热门搜索">
              <p className="search-panel-title">热门搜索</p>
              <SearchChips words={popular} onPick={(q) => setRecent(rememberSearch(q))} />
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Searches as chips (历史搜索, 热门搜索): each opens its results, and is remembered as the latest. */
function SearchChips({ words, onPick }: { words: readonly string[]; onPick: (q: string) => void }) {
  return (
    <ul className="suggest-list">
      {words.map((q) => (
        <li key={q}>
          <Link className="chip" href={searchPath(q)} prefetch={false} onClick={() => onPick(q)}>
            {q}
          </Link>
        </li>
      ))}
    </ul>
  );
}
