import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button.tsx';
import { useScrollLock } from './scroll-lock.ts';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  icon?: ReactNode;
  /** Limited width, for short messages and small forms. */
  narrow?: boolean;
  /** Accessible name when there is no visible title. */
  label?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A dialog over the page: Close button, Escape and a backdrop click close it, focus
 * stays inside while open and returns to where it was, and the page does not scroll.
 */
export function Modal({ open, onClose, title, icon, narrow, label, children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  // A backdrop press closes on release, and only when it began on the backdrop too
  // (WCAG 2.5.2: a press can be abandoned by moving away before letting go).
  const pressedBackdrop = useRef(false);
  useScrollLock(open);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = dialog.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog.current)?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onMouseUp={(event) => {
        if (pressedBackdrop.current && event.target === event.currentTarget) onClose();
        pressedBackdrop.current = false;
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        tabIndex={-1}
        className={['modal', narrow ? 'modal--narrow' : ''].join(' ')}
        onKeyDown={onKeyDown}
      >
        {(title || icon) && (
          <div className="modal__header">
            {icon && (
              <span className="modal__icon" aria-hidden="true">
                {icon}
              </span>
            )}
            {title && (
              <h2 id={titleId} className="modal__title">
                {title}
              </h2>
            )}
          </div>
        )}
        <Button variant="link" className="modal__close" onClick={onClose}>
          Close
        </Button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
