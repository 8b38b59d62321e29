import { useId, type ReactNode } from 'react';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  /** Shown beside the label (e.g. a price). */
  aside?: ReactNode;
  description?: ReactNode;
  /** Shown under the option while it is selected. */
  panel?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<V extends string> {
  legend: ReactNode;
  hideLegend?: boolean;
  name: string;
  options: RadioOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  disabled?: boolean;
}

/** Native radio inputs in a fieldset, each option a large click target. */
export function RadioGroup<V extends string>({
  legend,
  hideLegend,
  name,
  options,
  value,
  onChange,
  disabled,
}: RadioGroupProps<V>) {
  const id = useId();
  return (
    <fieldset className="radio-group" disabled={disabled}>
      <legend className={hideLegend ? 'visually-hidden' : 'radio-group__legend'}>{legend}</legend>
      {options.map((option) => {
        const selected = option.value === value;
        const optionId = `${id}-${option.value}`;
        const descriptionId = option.description ? `${optionId}-description` : undefined;
        return (
          <div
            key={option.value}
            className={['radio-option', selected ? 'radio-option--selected' : ''].join(' ')}
          >
            <label className="radio-option__label" htmlFor={optionId}>
              <input
                type="radio"
                id={optionId}
                name={name}
                value={option.value}
                checked={selected}
                disabled={option.disabled}
                aria-describedby={descriptionId}
                onChange={() => onChange(option.value)}
              />
              <span className="radio-option__text">
                <span className="radio-option__title">{option.label}</span>
                {option.aside && <span>{option.aside}</span>}
                {option.description && (
                  // Hidden from the label's name; read once, as the description.
                  <span id={descriptionId} className="radio-option__description" aria-hidden="true">
                    {option.description}
                  </span>
                )}
              </span>
            </label>
            {selected && option.panel && <div className="radio-option__panel">{option.panel}</div>}
          </div>
        );
      })}
    </fieldset>
  );
}
