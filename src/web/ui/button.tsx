import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
  block?: boolean;
  /** While true the button is disabled, shows a spinner and reads `busyLabel`. */
  busy?: boolean;
  busyLabel?: ReactNode;
  /**
   * A pointer press leaves the focus where it is (default: for submit buttons). Moving
   * it would blur the field being typed in; a form that checks fields as they lose
   * focus then shows a message that moves the button from under the pointer before
   * the press ends, and the click is lost. The button's action moves the focus where it
   * belongs (the first field in error, or the next page).
   */
  keepFocus?: boolean;
}

/** A button with an optional busy state ('Applying', 'Updating basket'…). */
export function Button({
  variant = 'primary',
  block = false,
  busy = false,
  busyLabel,
  disabled,
  children,
  className,
  type = 'button',
  keepFocus = type === 'submit',
  onMouseDown,
  ...rest
}: ButtonProps) {
  const classes = ['button', `button--${variant}`, block ? 'button--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      onMouseDown={(event) => {
        if (keepFocus) event.preventDefault();
        onMouseDown?.(event);
      }}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
