import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal, type ModalProps } from './modal.tsx';

const locked = () => document.body.classList.contains('scroll-locked');

function renderModal(props: Partial<ModalProps> = {}) {
  const onClose = vi.fn();
  const user = userEvent.setup({ delay: null });
  const result = render(
    <Modal open onClose={onClose} title="Remove item" {...props}>
      {props.children ?? <p>Remove the Boston Fern from your basket?</p>}
    </Modal>,
  );
  return { ...result, onClose, user };
}

/** A page with a button that opens the modal, which closes itself through onClose. */
function Opener({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Remove
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Remove item">
        {children ?? <p>Remove the Boston Fern from your basket?</p>}
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('renders nothing and does not lock scrolling while closed', () => {
    render(
      <Modal open={false} onClose={() => undefined} title="Remove item">
        <p>Hidden content</p>
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Hidden content')).not.toBeInTheDocument();
    expect(locked()).toBe(false);
  });

  it('is a modal dialog named by its title', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Remove item' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Remove item' })).toBeInTheDocument();
    expect(within(dialog).getByText('Remove the Boston Fern from your basket?')).toBeVisible();
  });

  it('is named by its label when it has no title', () => {
    renderModal({ title: undefined, label: 'Order summary' });
    expect(screen.getByRole('dialog', { name: 'Order summary' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('closes with the Close button', async () => {
    const { onClose, user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape', async () => {
    const { onClose, user } = renderModal();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a backdrop click but not on a click inside the dialog', async () => {
    const { onClose, user } = renderModal();
    await user.click(screen.getByRole('heading', { name: 'Remove item' }));
    await user.click(screen.getByText('Remove the Boston Fern from your basket?'));
    await user.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on releasing a backdrop press, not on pressing it or on a press begun inside', async () => {
    const { onClose, user } = renderModal();
    const backdrop = screen.getByTestId('modal-backdrop');
    await user.pointer({ keys: '[MouseLeft>]', target: backdrop });
    expect(onClose).not.toHaveBeenCalled();
    // Moving away before letting go abandons the press.
    await user.pointer([{ target: screen.getByRole('dialog') }, { keys: '[/MouseLeft]' }]);
    expect(onClose).not.toHaveBeenCalled();
    // A press begun in the dialog and released over the backdrop (selecting text) keeps it.
    await user.pointer([
      { keys: '[MouseLeft>]', target: screen.getByRole('dialog') },
      { target: backdrop },
      { keys: '[/MouseLeft]' },
    ]);
    expect(onClose).not.toHaveBeenCalled();
    await user.pointer({ keys: '[MouseLeft>]', target: backdrop });
    await user.pointer({ keys: '[/MouseLeft]', target: backdrop });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('locks page scrolling while open and unlocks when closed', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Modal open onClose={onClose} title="Remove item">
        <p>Content</p>
      </Modal>,
    );
    expect(locked()).toBe(true);

    rerender(
      <Modal open={false} onClose={onClose} title="Remove item">
        <p>Content</p>
      </Modal>,
    );
    expect(locked()).toBe(false);
  });

  it('unlocks page scrolling when unmounted while open', () => {
    const { unmount } = renderModal();
    expect(locked()).toBe(true);
    unmount();
    expect(locked()).toBe(false);
  });

  it('stays locked while two modals are open until both close', () => {
    const onClose = vi.fn();
    const twoModals = (first: boolean, second: boolean) => (
      <>
        <Modal open={first} onClose={onClose} title="First">
          <p>One</p>
        </Modal>
        <Modal open={second} onClose={onClose} title="Second">
          <p>Two</p>
        </Modal>
      </>
    );
    const { rerender } = render(twoModals(true, true));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    expect(locked()).toBe(true);

    rerender(twoModals(false, true));
    expect(locked()).toBe(true);

    rerender(twoModals(false, false));
    expect(locked()).toBe(false);
  });

  it('moves focus into the dialog on open and back to the opener on close', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Remove' });

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Remove item' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('returns focus to the opener after closing with Escape', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab within the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <Opener>
        <label>
          Reason <input />
        </label>
        <button type="button">Confirm</button>
      </Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(close).toHaveFocus();

    await user.tab();
    expect(reason).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();

    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await user.tab({ shift: true });
    expect(reason).toHaveFocus();
  });

  it('adds the limited-width class when narrow', () => {
    const { rerender, onClose } = renderModal();
    expect(screen.getByRole('dialog')).not.toHaveClass('modal--narrow');
    rerender(
      <Modal open onClose={onClose} title="Remove item" narrow>
        <p>Content</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog')).toHaveClass('modal', 'modal--narrow');
  });

  it('renders an optional icon beside the title, hidden from screen readers', () => {
    renderModal({ icon: <span>!</span> });
    const dialog = screen.getByRole('dialog', { name: 'Remove item' });
    const icon = within(dialog).getByText('!');
    expect(icon.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('renders no icon by default', () => {
    renderModal();
    expect(screen.getByRole('dialog').querySelector('.modal__icon')).toBeNull();
  });
});
