import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  hint?: ReactNode;
  /** The field's message; shown (and styled) only once the field is touched. */
  error?: string | undefined;
  touched?: boolean;
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input. Errors show only on touched fields (spec section 5) and
 * are tied to the input with aria-describedby and aria-invalid.
 */
export function Field({
  label,
  hint,
  error,
  touched = true,
  hideLabel = false,
  id,
  className,
  ref,
  ...input
}: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const showError = Boolean(error) && touched;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = showError ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={['field', showError ? 'field--error' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
      <input
        {...input}
        ref={ref}
        id={inputId}
        className="field__input"
        aria-invalid={showError || undefined}
        aria-describedby={describedBy}
      />
      {showError && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
