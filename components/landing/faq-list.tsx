/** Questions as h3, answers as text: readable without script and in the heading outline. */
export function FaqList({ items }: { items: { q: string; a: string }[] }) {
  return (
    <div className="landing-faq">
      {items.map((f) => (
        <div key={f.q} className="card">
          <h3>{f.q}</h3>
          <p>{f.a}</p>
        </div>
      ))}
    </div>
  );
}
