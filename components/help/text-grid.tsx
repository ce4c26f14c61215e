/** Titled short texts in a card grid (features, technologies, certifications). */
export function TextGrid({ items, columns = 3 }: { items: { title: string; text: string }[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`grid grid-${columns} help-list`}>
      {items.map((i) => (
        <li key={i.title} className="card">
          <h3>{i.title}</h3>
          <p className="muted small">{i.text}</p>
        </li>
      ))}
    </ul>
  );
}
