import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Field } from './field.tsx';

describe('Field', () => {
  it('labels its input', () => {
    render(<Field label="First name" name="first_name" />);
    const input = screen.getByRole('textbox', { name: 'First name' });
    expect(screen.getByLabelText('First name')).toBe(input);
    expect(input).toHaveAttribute('name', 'first_name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('keeps a visually hidden label as the accessible name', () => {
    render(<Field label="Discount code" hideLabel />);
    expect(screen.getByRole('textbox', { name: 'Discount code' })).toBeInTheDocument();
    expect(screen.getByText('Discount code')).toHaveClass('visually-hidden');
  });

  it('uses a given id for the label association', () => {
    render(<Field label="Postcode" id="delivery-postcode" />);
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveAttribute(
      'id',
      'delivery-postcode',
    );
  });

  it('hides the error and its styling until the field is touched', () => {
    render(<Field label="Postcode" error="Please enter your postcode" touched={false} />);
    const input = screen.getByRole('textbox', { name: 'Postcode' });
    expect(screen.queryByText('Please enter your postcode')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAccessibleDescription();
    expect(input.closest('.field')).not.toHaveClass('field--error');
  });

  it('shows the error on a touched field, marks the input invalid and describes it', () => {
    render(<Field label="Postcode" error="Please enter your postcode" touched />);
    const input = screen.getByRole('textbox', { name: 'Postcode' });
    const error = screen.getByText('Please enter your postcode');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeInvalid();
    expect(input).toHaveAttribute('aria-describedby', error.id);
    expect(input).toHaveAccessibleDescription('Please enter your postcode');
    expect(input.closest('.field')).toHaveClass('field--error');
  });

  it('shows no error styling on a touched field without an error', () => {
    render(<Field label="Postcode" error={undefined} touched />);
    const input = screen.getByRole('textbox', { name: 'Postcode' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input.closest('.field')).not.toHaveClass('field--error');
  });

  it('describes the input with its hint, and with the hint and error together', () => {
    const { rerender } = render(<Field label="Telephone" hint="In case of questions" />);
    const input = screen.getByRole('textbox', { name: 'Telephone' });
    expect(input).toHaveAccessibleDescription('In case of questions');

    rerender(<Field label="Telephone" hint="In case of questions" error="Required" touched />);
    expect(input).toHaveAccessibleDescription('In case of questions Required');

    rerender(
      <Field label="Telephone" hint="In case of questions" error="Required" touched={false} />,
    );
    expect(input).toHaveAccessibleDescription('In case of questions');
  });

  it('honours maxLength', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Field label="Please specify a house name or number" maxLength={16} />);
    const input = screen.getByRole('textbox', { name: 'Please specify a house name or number' });
    expect(input).toHaveAttribute('maxlength', '16');
    await user.type(input, 'The Old Rectory Cottage');
    expect(input).toHaveValue('The Old Rectory ');
  });

  it('passes the ref to the input', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Field label="Email address" type="email" ref={ref} />);
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Email address' }));
  });
});
