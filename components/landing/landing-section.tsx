import type { ReactNode } from 'react';

/** One h2 section of a landing page, labelled by its heading and reachable by its anchor. */
export function LandingSection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="section landing-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {intro ? <p className="landing-intro">{intro}</p> : null}
      {children}
    </section>
  );
}
