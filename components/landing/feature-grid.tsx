import type { TextItem } from '@/content/landing/types';

/** Highlights, scenarios or audiences: cards of h3 + text in a 2/3/4-column grid. */
export function FeatureGrid({ items, columns = 3 }: { items: TextItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`grid grid-${columns} landing-features`}>
      {items.map((f) => (
        <li key={f.title} className="card">
          <h3>{f.title}</h3>
          <p>{f.text}</p>
        </li>
      ))}
    </ul>
  );
}
