/** A numbered process: each step has a short title and an explanation. */
export function Steps({ steps }: { steps: { title: string; text: string }[] }) {
  return (
    <ol className="help-steps">
      {steps.map((s) => (
        <li key={s.title}>
          <strong>{s.title}</strong>
          <p className="muted small">{s.text}</p>
        </li>
      ))}
    </ol>
  );
}
