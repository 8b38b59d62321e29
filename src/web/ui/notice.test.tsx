import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Notice } from './notice.tsx';

describe('Notice', () => {
  it('announces an error immediately as an alert', () => {
    render(<Notice tone="error">Payment failed</Notice>);
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failed');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each(['success', 'info', 'warning'] as const)('announces a %s notice politely', (tone) => {
    render(<Notice tone={tone}>Basket updated</Notice>);
    expect(screen.getByRole('status')).toHaveTextContent('Basket updated');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(['error', 'success'] as const)(
    'has no live role for a %s notice when not live',
    (tone) => {
      render(
        <Notice tone={tone} live={false}>
          Already shown
        </Notice>,
      );
      expect(screen.getByText('Already shown')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    },
  );
});
