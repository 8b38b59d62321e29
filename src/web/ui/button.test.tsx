import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('reads its children and is enabled when not busy', () => {
    render(<Button>Apply</Button>);
    const button = screen.getByRole('button', { name: 'Apply' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('shows the busy label, is disabled and aria-busy while busy', async () => {
    const onClick = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <Button busy busyLabel="Applying" onClick={onClick}>
        Apply
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Applying' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Apply')).not.toBeInTheDocument();

    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps its children while busy when there is no busy label', () => {
    render(<Button busy>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('defaults to type button, so it does not submit a form', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const onClick = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <form onSubmit={onSubmit}>
        <Button onClick={onClick}>Show more</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Show more' });
    expect(button).toHaveAttribute('type', 'button');

    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the form when given type submit', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const user = userEvent.setup({ delay: null });
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Continue</Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('leaves the focus in the field being typed in when a submit button is pressed with a pointer', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <label>
          Postcode <input />
        </label>
        <Button type="submit">Continue</Button>
        <Button>Clear</Button>
      </form>,
    );
    const field = screen.getByRole('textbox', { name: 'Postcode' });
    await user.click(field);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(field).toHaveFocus();

    // Other buttons take the focus as usual, unless asked not to.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveFocus();
  });

  it('keeps the focus on request for a button that is not a submit button', async () => {
    const user = userEvent.setup({ delay: null });
    const onClick = vi.fn();
    render(
      <>
        <input aria-label="Card number" />
        <Button keepFocus onClick={onClick}>
          Place order &amp; pay
        </Button>
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Card number' }));
    await user.click(screen.getByRole('button', { name: 'Place order & pay' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveFocus();
  });
});
