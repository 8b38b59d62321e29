/**
 * Error reporting for failures the shopper is not told about (spec section 8, e.g.
 * a delivery option that could not be saved): logged as a warning for whoever
 * reads the browser's console or collects its logs, never shown on the page.
 */
export function reportError(context: string, error: unknown): void {
  console.warn(context, error);
}
