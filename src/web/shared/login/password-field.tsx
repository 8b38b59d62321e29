import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './auth-form.css';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown (and styled) only once the field is touched, as with ui/Field. */
  error?: string | undefined;
  touched?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A password input with a Show/Hide toggle (spec section 2). The toggle is a
 * pressed/not-pressed button that controls the input; the text stays typed either way.
 */
export function PasswordField({
  label,
  hint,
  error,
  touched = true,
  id,
  ref,
  ...input
}: PasswordFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [revealed, setRevealed] = useState(false);
  const showError = Boolean(error) && touched;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = showError ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', showError ? 'field--error' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
      <div className="password-field">
        <input
          {...input}
          ref={ref}
          id={inputId}
          type={revealed ? 'text' : 'password'}
          className="field__input password-field__input"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={showError || undefined}
          aria-describedby={describedBy}
        />
        <button
          type="button"
          className="password-field__toggle"
          aria-pressed={revealed}
          aria-controls={inputId}
          onClick={() => setRevealed((shown) => !shown)}
        >
          {revealed ? 'Hide' : 'Show'} <span className="visually-hidden">password</span>
        </button>
      </div>
      {showError && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
