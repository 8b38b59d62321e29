import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup, type RadioOption } from './radio-group.tsx';

type Payment = 'card' | 'paypal' | 'apple-pay';

const options: RadioOption<Payment>[] = [
  { value: 'card', label: 'Card', panel: <p>Enter your card details</p> },
  { value: 'paypal', label: 'PayPal', panel: <p>You will be taken to PayPal</p> },
  { value: 'apple-pay', label: 'Apple Pay' },
];

function Harness({
  initial = null,
  onChange,
  choices = options,
}: {
  initial?: Payment | null;
  onChange?: (value: Payment) => void;
  choices?: RadioOption<Payment>[];
}) {
  const [value, setValue] = useState<Payment | null>(initial);
  return (
    <RadioGroup
      legend="Payment method"
      name="payment"
      options={choices}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

describe('RadioGroup', () => {
  it('is a fieldset named by its legend, holding native radios', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Payment method' });
    expect(group.tagName).toBe('FIELDSET');
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    for (const radio of screen.getAllByRole('radio')) {
      expect(radio).toHaveAttribute('name', 'payment');
      expect(radio).not.toBeChecked();
    }
  });

  it('keeps a hidden legend as the group name', () => {
    render(
      <RadioGroup
        legend="Delivery option"
        hideLegend
        name="delivery"
        options={[{ value: 'standard', label: 'Standard' }]}
        value={null}
        onChange={() => undefined}
      />,
    );
    expect(screen.getByRole('group', { name: 'Delivery option' })).toBeInTheDocument();
    expect(screen.getByText('Delivery option')).toHaveClass('visually-hidden');
  });

  it('calls onChange with the chosen value and checks it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Harness onChange={onChange} />);

    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('paypal');
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Card' })).not.toBeChecked();
  });

  it('chooses an option by clicking its label text', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByText('Apple Pay'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('apple-pay');
  });

  it("shows only the selected option's panel", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness initial="card" />);
    expect(screen.getByText('Enter your card details')).toBeInTheDocument();
    expect(screen.queryByText('You will be taken to PayPal')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.getByText('You will be taken to PayPal')).toBeInTheDocument();
    expect(screen.queryByText('Enter your card details')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Apple Pay' }));
    expect(screen.queryByText('You will be taken to PayPal')).not.toBeInTheDocument();
    expect(screen.queryByText('Enter your card details')).not.toBeInTheDocument();
  });

  it('moves between options with the arrow keys', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Harness initial="card" onChange={onChange} />);

    await user.tab();
    expect(screen.getByRole('radio', { name: 'Card' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'PayPal' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('paypal');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Apple Pay' })).toBeChecked();

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: 'PayPal' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('paypal');
  });

  it('describes an option with its description and shows its aside', () => {
    render(
      <RadioGroup
        legend="Delivery option"
        name="delivery"
        options={[
          { value: 'standard', label: 'Standard', aside: '£4.99', description: '3 to 5 days' },
        ]}
        value={null}
        onChange={() => undefined}
      />,
    );
    const radio = screen.getByRole('radio', { name: /Standard/ });
    expect(radio).toHaveAccessibleDescription('3 to 5 days');
    // Read once, as the description, not again as part of the name.
    expect(radio).not.toHaveAccessibleName(/3 to 5 days/);
    expect(screen.getByText('£4.99')).toBeInTheDocument();
  });

  it('disables a single option, or the whole group', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(
      <RadioGroup
        legend="Payment method"
        name="payment"
        options={[options[0]!, { ...options[1]!, disabled: true }]}
        value={null}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Card' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(onChange).not.toHaveBeenCalled();

    rerender(
      <RadioGroup
        legend="Payment method"
        name="payment"
        options={options}
        value={null}
        onChange={onChange}
        disabled
      />,
    );
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });
});
