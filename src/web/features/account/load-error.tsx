/** A list that could not be loaded: the reason and 'Try again'. */
import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';

export function LoadError({
  children,
  retrying,
  onRetry,
}: {
  children: ReactNode;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Notice tone="error">
      <p>{children}</p>
      <Button variant="secondary" busy={retrying} busyLabel="Loading" onClick={onRetry}>
        Try again
      </Button>
    </Notice>
  );
}
