import { useId, useState, type ReactNode } from 'react';

export interface ToggletipProps {
  /** The button's accessible name, e.g. 'About the security code'. */
  label: string;
  children: ReactNode;
}

/**
 * A small 'i' button that shows a note beside a field (the toggletip pattern): it
 * opens on click, Enter or Space and closes on Escape or a second press; the note is
 * announced when it appears, so it works without a mouse or sight.
 */
export function Toggletip({ label, children }: ToggletipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="toggletip">
      <button
        type="button"
        className="toggletip__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span id={id} role="status" className="toggletip__bubble" hidden={!open}>
        {open && children}
      </span>
    </span>
  );
}
