import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Accordion, type AccordionItem, type AccordionProps } from './accordion.tsx';

const items: AccordionItem[] = [
  { id: 'delivery', title: 'Delivery', content: <p>We deliver across the UK.</p> },
  { id: 'returns', title: 'Returns', content: <p>Return within 30 days.</p> },
];

/** Holds the open item the way a page does, wiring onToggle back into openId. */
function Harness({
  initial = null,
  headingLevel,
}: {
  initial?: string | null;
  headingLevel?: AccordionProps['headingLevel'];
}) {
  const [openId, setOpenId] = useState<string | null>(initial);
  return (
    <Accordion items={items} openId={openId} onToggle={setOpenId} headingLevel={headingLevel} />
  );
}

const trigger = (name: string) => screen.getByRole('button', { name });

describe('Accordion', () => {
  it('renders a collapsed trigger per item inside a level 3 heading, controlling its panel', () => {
    render(<Harness />);
    for (const name of ['Delivery', 'Returns']) {
      const button = trigger(name);
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(panel).not.toBeNull();
      expect(panel).not.toBeVisible();
      expect(screen.getByRole('heading', { level: 3, name })).toContainElement(button);
    }
  });

  it('uses the given heading level', () => {
    render(<Harness headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Delivery' })).toBeInTheDocument();
  });

  it('keeps closed panels out of the accessibility tree', () => {
    render(<Harness />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getAllByRole('region', { hidden: true })).toHaveLength(2);
    expect(screen.queryByText('We deliver across the UK.')).not.toBeInTheDocument();
  });

  it('opens one item at a time and closes the open item when clicked again', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);

    await user.click(trigger('Delivery'));
    expect(trigger('Delivery')).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'Delivery' });
    expect(region).toHaveAttribute('id', trigger('Delivery').getAttribute('aria-controls'));
    expect(region).toHaveTextContent('We deliver across the UK.');
    expect(screen.queryByRole('region', { name: 'Returns' })).not.toBeInTheDocument();

    await user.click(trigger('Returns'));
    expect(trigger('Returns')).toHaveAttribute('aria-expanded', 'true');
    expect(trigger('Delivery')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: 'Returns' })).toHaveTextContent(
      'Return within 30 days.',
    );
    expect(screen.queryByRole('region', { name: 'Delivery' })).not.toBeInTheDocument();
    expect(screen.queryByText('We deliver across the UK.')).not.toBeInTheDocument();

    await user.click(trigger('Returns'));
    expect(trigger('Returns')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('reports the item to open, or null to close it', async () => {
    const onToggle = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Accordion items={items} openId="delivery" onToggle={onToggle} />);

    await user.click(trigger('Returns'));
    expect(onToggle).toHaveBeenLastCalledWith('returns');
    await user.click(trigger('Delivery'));
    expect(onToggle).toHaveBeenLastCalledWith(null);
  });

  it('opens with the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.tab();
    expect(trigger('Delivery')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(trigger('Delivery')).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    await user.keyboard(' ');
    expect(trigger('Returns')).toHaveAttribute('aria-expanded', 'true');
    expect(trigger('Delivery')).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps a keepMounted item’s content in the page, hidden, while it is closed', async () => {
    function Form() {
      return <input aria-label="Name" defaultValue="" />;
    }
    function KeepHarness() {
      const [openId, setOpenId] = useState<string | null>('card');
      return (
        <Accordion
          items={[
            { id: 'card', title: 'Card', content: <Form />, keepMounted: true },
            { id: 'paypal', title: 'PayPal', content: <p>PayPal button</p> },
          ]}
          openId={openId}
          onToggle={setOpenId}
        />
      );
    }
    const user = userEvent.setup({ delay: null });
    render(<KeepHarness />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');

    await user.click(trigger('PayPal'));
    // Closed but kept: what was typed lives on; the other closed item is not rendered.
    expect(screen.getByLabelText('Name')).not.toBeVisible();
    expect(screen.getByText('PayPal button')).toBeVisible();
    await user.click(trigger('Card'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');
    expect(screen.queryByText('PayPal button')).toBeNull();
  });
});
