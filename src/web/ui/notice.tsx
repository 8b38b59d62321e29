import type { ReactNode } from 'react';

export interface NoticeProps {
  tone: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
  /** Errors are announced immediately; other tones politely. */
  live?: boolean;
}

/** A message box next to what it is about. */
export function Notice({ tone, children, live = true }: NoticeProps) {
  const role = !live ? undefined : tone === 'error' ? 'alert' : 'status';
  return (
    <div className={`notice notice--${tone}`} role={role}>
      {children}
    </div>
  );
}
