/** The two lists the screens explain things with: a bullet list of facts and a list of terms with their meaning. */

export function FactList({ items }: { items: readonly React.ReactNode[] }) {
  return (
    <ul className="feature-list">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

export type Term = { term: string; text: React.ReactNode };

export function TermList({ items, className }: { items: readonly Term[]; className?: string }) {
  return (
    <dl className={className ? `term-list ${className}` : 'term-list'}>
      {items.map((t) => (
        <div key={t.term}>
          <dt>{t.term}</dt>
          <dd>{t.text}</dd>
        </div>
      ))}
    </dl>
  );
}
