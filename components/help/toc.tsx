/** A table of contents: in-page links to the sections' anchors. */
export function TableOfContents({ title, items }: { title: string; items: { id: string; title: string }[] }) {
  return (
    <nav className="help-toc" aria-labelledby="toc-title">
      <h2 id="toc-title">{title}</h2>
      <ol>
        {items.map((i) => (
          <li key={i.id}>
            <a href={`#${i.id}`}>{i.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
