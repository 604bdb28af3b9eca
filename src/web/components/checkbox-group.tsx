/** A filter of several choices at once, each a checkbox under one legend; `className` lays them out. */
export function CheckboxGroup<V extends string>({
  legend,
  options,
  labels,
  checked,
  onToggle,
  className,
}: {
  legend: string;
  options: readonly V[];
  labels: Record<V, string>;
  checked: readonly V[];
  onToggle: (option: V) => void;
  className: string;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className={className}>
        {options.map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-green-700"
              checked={checked.includes(option)}
              onChange={() => onToggle(option)}
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
