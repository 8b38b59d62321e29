import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './quantity-stepper.tsx';

const LABEL = 'Quantity of Boston Fern';

function Harness({
  initial = 1,
  min,
  max,
  onChange,
}: {
  initial?: number;
  min?: number;
  max?: number;
  onChange?: (value: number) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <QuantityStepper
      value={value}
      min={min}
      max={max}
      label={LABEL}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

function renderStepper(props: Parameters<typeof Harness>[0] = {}) {
  const onChange = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(<Harness onChange={onChange} {...props} />);
  return {
    onChange,
    user,
    input: screen.getByRole('spinbutton', { name: LABEL }),
    increase: screen.getByRole('button', { name: 'Increase quantity of Boston Fern' }),
    decrease: screen.getByRole('button', { name: 'Decrease quantity of Boston Fern' }),
  };
}

describe('QuantityStepper', () => {
  it('is a group named by its label, keeping the capitals of the product name', () => {
    const { input } = renderStepper();
    expect(screen.getByRole('group', { name: LABEL })).toContainElement(input);
    expect(input).toHaveValue(1);
    expect(
      screen.getByRole('button', { name: 'Increase quantity of Boston Fern' }),
    ).toBeInTheDocument();
  });

  it('steps up and down within the bounds, disabling the buttons at them', async () => {
    const { user, input, increase, decrease, onChange } = renderStepper({ min: 1, max: 3 });
    expect(decrease).toBeDisabled();
    expect(increase).toBeEnabled();

    await user.click(increase);
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(input).toHaveValue(2);
    expect(decrease).toBeEnabled();

    await user.click(increase);
    expect(input).toHaveValue(3);
    expect(increase).toBeDisabled();

    await user.click(increase);
    expect(input).toHaveValue(3);
    expect(onChange).toHaveBeenCalledTimes(2);

    await user.click(decrease);
    await user.click(decrease);
    expect(input).toHaveValue(1);
    expect(decrease).toBeDisabled();
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('defaults to the bounds 1 to 99', () => {
    const { input } = renderStepper({ initial: 99 });
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '99');
    expect(screen.getByRole('button', { name: 'Increase quantity of Boston Fern' })).toBeDisabled();
  });

  it('commits a typed value on blur, not while typing', async () => {
    const { user, input, onChange } = renderStepper();
    await user.clear(input);
    await user.type(input, '12');
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveValue(12);

    await user.tab();
    expect(onChange).toHaveBeenCalledExactlyOnceWith(12);
    expect(input).toHaveValue(12);
  });

  it('commits a typed value on Enter', async () => {
    const { user, input, onChange } = renderStepper();
    await user.clear(input);
    await user.type(input, '7{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(7);
    expect(input).toHaveValue(7);
  });

  it('clamps a typed value to the bounds', async () => {
    const { user, input, onChange } = renderStepper({ initial: 2, min: 1, max: 10 });
    await user.clear(input);
    await user.type(input, '150{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(10);
    expect(input).toHaveValue(10);

    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(input).toHaveValue(1);
  });

  it('does not report a typed value that clamps to the current one', async () => {
    const { user, input, onChange } = renderStepper({ initial: 1 });
    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveValue(1);
  });

  it('ignores a value that is not a number and shows the quantity again', async () => {
    const { user, input, onChange } = renderStepper({ initial: 3 });
    await user.clear(input);
    await user.type(input, 'abc');
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveValue(3);

    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveValue(3);
  });

  it('disables everything when disabled', () => {
    render(<QuantityStepper value={2} onChange={() => undefined} label={LABEL} disabled />);
    expect(screen.getByRole('spinbutton', { name: LABEL })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity of Boston Fern' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Boston Fern' })).toBeDisabled();
  });

  it('keeps a quantity typed into the server-rendered field before it hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Harness initial={1} />);
    document.body.append(container);
    // The shopper types before the page's code has run.
    container.querySelector('input')!.value = '4';
    const onChange = vi.fn();
    render(<Harness initial={1} onChange={onChange} />, { container, hydrate: true });
    const input = screen.getByRole('spinbutton', { name: LABEL });
    expect(input).toHaveValue(4);
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith(4);
    expect(input).toHaveValue(4);
  });
});
