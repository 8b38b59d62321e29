export interface LoadingOverlayProps {
  message: string;
  /** Cover the whole window rather than the nearest positioned parent. */
  page?: boolean;
}

/** Covers content while it loads or saves, announcing the message politely. */
export function LoadingOverlay({ message, page }: LoadingOverlayProps) {
  return (
    <div
      className={['loading-overlay', page ? 'loading-overlay--page' : ''].join(' ')}
      role="status"
    >
      <span className="spinner" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
