/**
 * Paging a back-office list by keyset cursor (ADR 054): the cursors of the pages seen so
 * far, so "Previous page" goes back without the server keeping anything.
 */
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';

export interface KeysetPages {
  /** The cursor of the page to show (null: the first). */
  cursor: string | null;
  /** Back to the first page (after the search or a filter changed). */
  reset: () => void;
  hasPrevious: boolean;
  previous: () => void;
  next: (cursor: string) => void;
}

export function useKeysetPages(): KeysetPages {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    cursor: cursors.at(-1) ?? null,
    reset: () => setCursors([null]),
    hasPrevious: cursors.length > 1,
    previous: () => setCursors(cursors.slice(0, -1)),
    next: (cursor) => setCursors([...cursors, cursor]),
  };
}

/** "Previous page" and "Next page", each when there is one. */
export function KeysetPager({
  pages,
  nextCursor,
  className,
}: {
  pages: KeysetPages;
  nextCursor: string | null | undefined;
  className: string;
}) {
  return (
    <div className={className}>
      {pages.hasPrevious && (
        <Button variant="secondary" onClick={pages.previous}>
          Previous page
        </Button>
      )}
      {nextCursor && (
        <Button variant="secondary" onClick={() => pages.next(nextCursor)}>
          Next page
        </Button>
      )}
    </div>
  );
}
