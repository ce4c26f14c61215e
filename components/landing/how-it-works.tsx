import type { TextItem } from '@/content/landing/types';

/** Numbered steps (how the encryption works, how to buy …): an ordered list of h3 + text. */
export function HowItWorks({ steps }: { steps: TextItem[] }) {
  return (
    <ol className="landing-steps">
      {steps.map((s) => (
        <li key={s.title}>
          <h3>{s.title}</h3>
          <p>{s.text}</p>
        </li>
      ))}
    </ol>
  );
}
