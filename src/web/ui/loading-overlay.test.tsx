import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from './loading-overlay.tsx';

describe('LoadingOverlay', () => {
  it('announces its message as a status', () => {
    render(<LoadingOverlay message="Updating basket" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Updating basket');
    expect(status).not.toHaveClass('loading-overlay--page');
  });

  it('covers the page when asked', () => {
    render(<LoadingOverlay message="Creating order" page />);
    expect(screen.getByRole('status')).toHaveClass('loading-overlay', 'loading-overlay--page');
  });
});
