import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, ErrorFallback } from './error-fallback.tsx';

/**
 * The set-up fails a test on any console.error. React (and the boundary itself) log
 * caught render errors, so these tests silence them, assert on them and then put the
 * set-up's guard back.
 */
function expectRenderErrors() {
  const spy = vi.spyOn(console, 'error');
  const guard = spy.getMockImplementation();
  spy.mockImplementation(() => undefined);
  return {
    spy,
    restore: () => {
      if (guard) spy.mockImplementation(guard);
      else spy.mockRestore();
    },
  };
}

/** A child that throws while `state.broken` is true. */
function makeChild() {
  const state = { broken: true };
  function Child() {
    if (state.broken) throw new Error('Basket failed to render');
    return <p>Your basket</p>;
  }
  return { state, Child };
}

describe('ErrorFallback', () => {
  it("shows 'Something went wrong' as an alert with 'Try again'", async () => {
    const onRetry = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<ErrorFallback onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Sorry, this part of the page could not be shown.');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows its own message in place of the default one', () => {
    render(
      <ErrorFallback>
        <p>We could not load your basket.</p>
      </ErrorFallback>,
    );
    expect(screen.getByText('We could not load your basket.')).toBeInTheDocument();
    expect(screen.queryByText(/could not be shown/)).not.toBeInTheDocument();
  });

  it("has no 'Try again' without onRetry", () => {
    render(<ErrorFallback />);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('ErrorBoundary', () => {
  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary>
        <p>Your basket</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Your basket')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the fallback when a child throws, and 'Try again' re-renders the children", async () => {
    const errors = expectRenderErrors();
    const user = userEvent.setup({ delay: null });
    const { state, Child } = makeChild();
    render(
      <ErrorBoundary>
        <Child />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText('Your basket')).not.toBeInTheDocument();
    expect(errors.spy).toHaveBeenCalledWith(
      'Render failed',
      expect.objectContaining({ message: 'Basket failed to render' }),
      expect.any(String),
    );
    errors.restore();

    state.broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Your basket')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the fallback again when a retry still throws', async () => {
    const errors = expectRenderErrors();
    const user = userEvent.setup({ delay: null });
    const { Child } = makeChild();
    render(
      <ErrorBoundary>
        <Child />
      </ErrorBoundary>,
    );
    const logged = errors.spy.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(errors.spy.mock.calls.length).toBeGreaterThan(logged);
    errors.restore();
  });

  it('resets when resetKey changes', () => {
    const errors = expectRenderErrors();
    const { state, Child } = makeChild();
    const { rerender } = render(
      <ErrorBoundary resetKey="/basket">
        <Child />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(errors.spy).toHaveBeenCalledWith(
      'Render failed',
      expect.objectContaining({ message: 'Basket failed to render' }),
      expect.any(String),
    );
    errors.restore();

    state.broken = false;
    rerender(
      <ErrorBoundary resetKey="/basket">
        <Child />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();

    rerender(
      <ErrorBoundary resetKey="/checkout/address">
        <Child />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Your basket')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders a custom fallback with a retry function', async () => {
    const errors = expectRenderErrors();
    const user = userEvent.setup({ delay: null });
    const { state, Child } = makeChild();
    render(
      <ErrorBoundary
        fallback={(retry) => (
          <button type="button" onClick={retry}>
            Reload summary
          </button>
        )}
      >
        <Child />
      </ErrorBoundary>,
    );
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(errors.spy).toHaveBeenCalled();
    errors.restore();

    state.broken = false;
    await user.click(screen.getByRole('button', { name: 'Reload summary' }));
    expect(screen.getByText('Your basket')).toBeInTheDocument();
  });
});
