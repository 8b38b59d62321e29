/**
 * The HTTP status of a page rendered on the server (ADR 057): a page that shows "not
 * found" says so, and the server answers 404 instead of 200. In the browser there is
 * no status to set (no provider): the hook does nothing.
 */
import { createContext, useContext } from 'react';

/** Called by a page rendered on the server that shows "not found". */
export const NotFoundContext = createContext<(() => void) | null>(null);

/** Marks the page being rendered on the server as not found (HTTP 404). */
export function useNotFoundStatus(): void {
  useContext(NotFoundContext)?.();
}
