import { highlightParts } from '@/lib/domain/search-words';

/**
 * A card's text with a search's matched words marked (<mark>). Each part is rendered as text, so a
 * product name holding markup stays text (React escapes it); no HTML is ever built from strings.
 */
export function MarkedText({ text, words }: { text: string; words?: readonly string[] }) {
  if (!words || words.length === 0) return text;
  return highlightParts(text, words).map((p, i) =>
    p.hit ? (
      <mark key={i} className="hit">
        {p.text}
      </mark>
    ) : (
      p.text
    ),
  );
}
