import { useId, type ReactNode } from 'react';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
  /**
   * Keeps the content in the page (hidden) while the item is closed, so its state and
   * its forms live on; otherwise it is rendered only while open.
   */
  keepMounted?: boolean;
}

export interface AccordionProps {
  items: AccordionItem[];
  /** The open item's id, or null when all are closed. */
  openId: string | null;
  onToggle: (id: string | null) => void;
  headingLevel?: 2 | 3 | 4;
}

/** One-open-at-a-time disclosure list (WAI-ARIA accordion pattern). */
export function Accordion({ items, openId, onToggle, headingLevel = 3 }: AccordionProps) {
  const base = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="accordion">
      {items.map((item) => {
        const open = item.id === openId;
        const triggerId = `${base}-${item.id}-trigger`;
        const panelId = `${base}-${item.id}-panel`;
        return (
          <div key={item.id} className="accordion__item">
            <Heading className="accordion__heading">
              <button
                type="button"
                id={triggerId}
                className="accordion__trigger"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggle(open ? null : item.id)}
              >
                {item.title}
                <span className="accordion__chevron" aria-hidden="true">
                  ▾
                </span>
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={triggerId}
              className="accordion__panel"
              hidden={!open}
            >
              {(open || item.keepMounted) && item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
