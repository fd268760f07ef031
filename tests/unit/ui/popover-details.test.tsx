import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PopoverDetails } from '@/components/ui/popover-details';

// Issue 20 point 6: the list's filter pop-overs work from the keyboard.
function Filters() {
  return (
    <>
      <PopoverDetails summary={<summary>Status: any</summary>}>
        <fieldset data-popover-panel>
          <legend>Status</legend>
          <label>
            <input type="checkbox" /> Open
          </label>
        </fieldset>
      </PopoverDetails>
      <button type="button">Next control</button>
    </>
  );
}

const details = () => screen.getByText('Status: any').closest('details')!;

describe('PopoverDetails', () => {
  // jsdom does not open a <details> from its summary's keyboard activation (Chromium does:
  // tests/e2e/keyboard.spec.ts); here it is opened as that activation would.
  const open = () => {
    details().open = true;
  };

  it('Tab goes into it, Escape closes it and puts focus back on the summary', async () => {
    const user = userEvent.setup();
    render(<Filters />);
    await user.tab();
    expect(screen.getByText('Status: any')).toHaveFocus();
    open();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Open' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(details().open).toBe(false);
    expect(screen.getByText('Status: any')).toHaveFocus();
  });

  it('closes when focus moves on to another control', async () => {
    const user = userEvent.setup();
    render(<Filters />);
    await user.tab();
    open();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next control' })).toHaveFocus();
    expect(details().open).toBe(false);
  });
});
