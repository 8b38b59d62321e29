import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  /** The choices, in order. */
  options: readonly { value: string; label: string }[];
  /** A first, empty choice (e.g. 'Select a title'). */
  placeholder?: string;
  /** The field's message; shown only once touched, like Field's. */
  error?: string | undefined;
  touched?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select, its error tied to it with aria-describedby and aria-invalid. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  touched = true,
  id,
  className,
  ref,
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const showError = Boolean(error) && touched;
  const errorId = `${selectId}-error`;
  return (
    <div
      className={['field', className ?? '', showError ? 'field--error' : '']
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={selectId} className="field__label">
        {label}
      </label>
      <select
        {...select}
        ref={ref}
        id={selectId}
        className="field__input"
        aria-invalid={showError || undefined}
        aria-describedby={showError ? errorId : undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {showError && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
