/** One drop-down of a console filter form (GET): 全部 (no filter) first, then each value with its label. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  all = '全部',
}: {
  id: string;
  name: string;
  label: string;
  value: string | number | undefined | null;
  options: readonly (readonly [value: string | number, label: string])[];
  all?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value == null ? '' : String(value)}>
        <option value="">{all}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
