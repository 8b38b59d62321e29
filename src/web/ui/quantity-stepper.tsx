import { useEffect, useRef, useState } from 'react';

export interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  min?: number;
  max?: number;
  /** What the quantity is of, for screen readers ('Quantity of Boston Fern'). */
  label: string;
  disabled?: boolean;
}

/** 'Quantity of Boston Fern' → 'quantity of Boston Fern' (names keep their capitals). */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** − / number / + control; typed values are committed on blur or Enter. */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max = 99,
  label,
  disabled,
}: QuantityStepperProps) {
  // What the shopper is typing, until it is committed; otherwise the value shows.
  const [draft, setDraft] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // On a server-rendered page (ADR 057) the field can be typed in before it hydrates:
  // hydration keeps what the field shows, so take it as the draft rather than let the
  // next render put back the rendered value.
  useEffect(() => {
    const shown = input.current?.value;
    if (shown !== undefined && shown !== String(value)) setDraft(shown);
    // Only what was typed before the first render counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const commit = () => {
    if (draft === null) return;
    const parsed = Number.parseInt(draft, 10);
    setDraft(null);
    if (Number.isNaN(parsed)) return;
    const next = Math.min(max, Math.max(min, parsed));
    if (next !== value) onChange(next);
  };

  return (
    <div className="stepper" role="group" aria-label={label}>
      <button
        type="button"
        className="stepper__button"
        aria-label={`Decrease ${lowerFirst(label)}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <input
        ref={input}
        className="stepper__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={draft ?? String(value)}
        aria-label={label}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      <button
        type="button"
        className="stepper__button"
        aria-label={`Increase ${lowerFirst(label)}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
