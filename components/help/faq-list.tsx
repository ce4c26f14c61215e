import { JsonLd } from '@/components/seo/json-ld';
import type { FaqGroup } from '@/content/help/types';
import { faqJsonLd } from '@/lib/seo/json-ld';

/** The FAQ, grouped, as <details> disclosures, plus its FAQPage JSON-LD. */
export function FaqList({ groups }: { groups: FaqGroup[] }) {
  return (
    <div className="help-faq">
      {groups.map((g) => (
        <section key={g.id} aria-labelledby={`faq-${g.id}`}>
          <h3 id={`faq-${g.id}`}>{g.title}</h3>
          {g.items.map((i) => (
            <details key={i.question}>
              <summary>{i.question}</summary>
              <p>{i.answer}</p>
            </details>
          ))}
        </section>
      ))}
      <JsonLd data={faqJsonLd(groups.flatMap((g) => g.items))} />
    </div>
  );
}
