/**
 * A labelled group of radio buttons (fieldset + legend): one choice of a short list of codes, each
 * shown by its Chinese label; an option may be disabled, and a hint and the field's message sit
 * below the choices.
 */
type Props<T extends string> = {
  id: string;
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
  disabled?: (option: T) => boolean;
  hint?: string | null;
  error?: string | null;
};

export function ChoiceGroup<T extends string>({ id, legend, options, labels, value, onChange, disabled, hint, error }: Props<T>) {
  return (
    <fieldset className="choice-group" id={id} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o} className="choice">
          <input type="radio" name={id} value={o} checked={value === o} disabled={disabled?.(o)} onChange={() => onChange(o)} />
          {labels[o]}
        </label>
      ))}
      {hint ? (
        <p id={`${id}-hint`} className="muted small">
          {hint}
        </p>
      ) : null}
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}
