/**
 * Runs `task` when the browser is next idle (`requestIdleCallback`, else after
 * 500 ms); returns a function that cancels it if it has not run yet.
 */
export function whenIdle(task: () => void): () => void {
  if (window.requestIdleCallback) {
    const idle = window.requestIdleCallback(() => task());
    return () => window.cancelIdleCallback(idle);
  }
  const timer = window.setTimeout(task, 500);
  return () => window.clearTimeout(timer);
}
