import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog, type ConfirmDialogProps } from '@/components/ui/confirm-dialog';
import { renderWithIntl } from '@/tests/support/render-with-intl';

function renderConfirm(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  const user = userEvent.setup();
  renderWithIntl(
    <ConfirmDialog title="Remove item?" message="The item is gone for good." confirmLabel="Remove" cancelLabel="Keep it" onConfirm={onConfirm} onCancel={onCancel} {...props} />,
  );
  return { user, onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('is a modal dialog named by its title that asks the question', () => {
    renderConfirm();
    const dialog = screen.getByRole('dialog', { name: 'Remove item?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('The item is gone for good.');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders nothing while closed', () => {
    renderConfirm({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('confirms with the confirming button', async () => {
    const { user, onConfirm, onCancel } = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with the cancel button, the close button and Escape', async () => {
    const { user, onConfirm, onCancel } = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(3);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('disables the confirming button while pending', async () => {
    const { user, onConfirm } = renderConfirm({ pending: true });
    const confirm = screen.getByRole('button', { name: 'Remove' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeEnabled();
  });

  it('shows a problem as an alert and disables the confirming button, staying open', () => {
    renderConfirm({ problem: 'Still in use by 3 others.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Still in use by 3 others.');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(screen.getByRole('dialog', { name: 'Remove item?' })).toBeInTheDocument();
  });

  it('styles the confirming button as destructive unless told otherwise, and takes the caller’s classes', () => {
    const { unmount } = renderWithIntl(<ConfirmDialog title="T" message="M" confirmLabel="Go" cancelLabel="Back" onConfirm={() => {}} onCancel={() => {}} />);
    const destructive = screen.getByRole('button', { name: 'Go' }).className;
    unmount();
    const plain = renderWithIntl(<ConfirmDialog title="T" message="M" confirmLabel="Go" cancelLabel="Back" destructive={false} onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Go' }).className).not.toBe(destructive);
    plain.unmount();
    renderWithIntl(
      <ConfirmDialog title="T" message="M" confirmLabel="Go" cancelLabel="Back" buttonClassNames={{ cancel: 'my-cancel', confirm: 'my-confirm' }} onConfirm={() => {}} onCancel={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Go' })).toHaveClass('my-confirm');
    expect(screen.getByRole('button', { name: 'Back' })).toHaveClass('my-cancel');
  });

  it('puts the focus where the dialog does (its first control, the close button)', () => {
    renderConfirm();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });
});
