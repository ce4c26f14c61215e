/** The top of an information page: its one h1, a lead paragraph and optional actions. */
export function PageHero({ title, lead, children }: { title: string; lead: string; children?: React.ReactNode }) {
  return (
    <section className="hero">
      <h1>{title}</h1>
      <p>{lead}</p>
      {children ? <div className="row">{children}</div> : null}
    </section>
  );
}
