import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button.tsx';

export interface ErrorFallbackProps {
  onRetry?: () => void;
  children?: ReactNode;
}

/** 'Something went wrong' with a 'Try again' button (spec section 2). */
export function ErrorFallback({ onRetry, children }: ErrorFallbackProps) {
  return (
    <div className="error-fallback" role="alert">
      <h2>Something went wrong</h2>
      {children ?? <p>Sorry, this part of the page could not be shown.</p>}
      {onRetry && <Button onClick={onRetry}>Try again</Button>}
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Rendered instead of the default fallback. */
  fallback?: (retry: () => void) => ReactNode;
  /** Changing this resets the boundary (e.g. the route path). */
  resetKey?: unknown;
}

interface BoundaryState {
  error: Error | null;
  resetKey: unknown;
}

/** Catches render errors below it and shows the error fallback. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render failed', error, info.componentStack);
  }

  retry = () => this.setState({ error: null });

  override render() {
    if (this.state.error) {
      return this.props.fallback ? (
        this.props.fallback(this.retry)
      ) : (
        <ErrorFallback onRetry={this.retry} />
      );
    }
    return this.props.children;
  }
}
