import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '@/components/ui/dialog';
import { renderWithIntl } from '@/tests/support/render-with-intl';

function Harness({ onClose, autoFocus = false }: { onClose?: () => void; autoFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      <Dialog
        open={open}
        title="Rename"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<button type="button">Save</button>}
      >
        <input aria-label="New name" autoFocus={autoFocus} />
      </Dialog>
    </>
  );
}

async function openDialog(onClose?: () => void) {
  const user = userEvent.setup();
  renderWithIntl(<Harness onClose={onClose} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
}

describe('Dialog', () => {
  it('is a labelled modal dialog', async () => {
    await openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Rename' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
  });

  it('closes on the close button', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a click outside it, not on a click inside', async () => {
    const onClose = jest.fn();
    const user = await openDialog(onClose);
    await user.click(screen.getByLabelText('New name'));
    await user.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not close when a press starts inside and ends outside (text selection)', async () => {
    const onClose = jest.fn();
    await openDialog(onClose);
    fireEvent.mouseDown(screen.getByLabelText('New name'));
    fireEvent.click(screen.getByTestId('dialog-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const user = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('traps focus inside while open', async () => {
    const user = await openDialog();
    const close = screen.getByRole('button', { name: 'Close' });
    const input = screen.getByLabelText('New name');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    expect(close).toHaveFocus();
  });

  it('restores focus to the opener when it closes, and page scrolling', async () => {
    const user = await openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('gives focus back to the opener also when its content took focus itself (autoFocus)', async () => {
    const user = userEvent.setup();
    renderWithIntl(<Harness autoFocus />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'New name' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
