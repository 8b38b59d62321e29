import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select-field.tsx';

const options = [
  { value: 'Mr', label: 'Mr' },
  { value: 'Ms', label: 'Ms' },
];

describe('SelectField', () => {
  it('labels the select and offers the placeholder and choices', async () => {
    render(<SelectField label="Title" placeholder="Select a title" options={options} />);
    const select = screen.getByRole('combobox', { name: 'Title' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select a title',
      'Mr',
      'Ms',
    ]);
    await userEvent.selectOptions(select, 'Ms');
    expect(select).toHaveValue('Ms');
  });

  it('shows its error only when touched, tied to the select', () => {
    const { rerender } = render(
      <SelectField
        label="Title"
        options={options}
        error="Please select an option"
        touched={false}
      />,
    );
    expect(screen.queryByText('Please select an option')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox')).not.toHaveAttribute('aria-invalid');
    rerender(
      <SelectField label="Title" options={options} error="Please select an option" touched />,
    );
    const select = screen.getByRole('combobox', { name: 'Title' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Please select an option');
  });
});
