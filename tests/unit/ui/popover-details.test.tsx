import { act, render, screen, waitFor } from '@testing-library/react';
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

describe('PopoverDetails keeps its panel on screen', () => {
  // jsdom lays nothing out: the viewport's size and the panel's box (where the style sheet would
  // place it) are set by hand.
  let viewport = { width: 375, height: 812 };
  let box = { left: 200, right: 424, top: 600, bottom: 900 };
  beforeEach(() => {
    viewport = { width: 375, height: 812 };
    box = { left: 200, right: 424, top: 600, bottom: 900 };
    jest.spyOn(document.documentElement, 'clientWidth', 'get').mockImplementation(() => viewport.width);
    jest.spyOn(document.documentElement, 'clientHeight', 'get').mockImplementation(() => viewport.height);
  });
  afterEach(() => jest.restoreAllMocks());

  function renderOpen() {
    render(<Filters />);
    const panel = screen.getByRole('group', { name: 'Status' });
    panel.getBoundingClientRect = () => ({ ...box, width: box.right - box.left, height: box.bottom - box.top, x: box.left, y: box.top, toJSON: () => box });
    details().open = true;
    return panel;
  }

  it('moves it in from the right edge and cuts it to the height left below it, scrolling inside', async () => {
    const panel = renderOpen();
    await waitFor(() => expect(panel.style.transform).toBe('translateX(-57px)'));
    expect(panel.style.maxHeight).toBe('204px');
    expect(panel.style.overflowY).toBe('auto');
  });

  it('fits it again when the window is resized or the phone turned while it is open, not once it is closed', async () => {
    const panel = renderOpen();
    await waitFor(() => expect(panel.style.transform).toBe('translateX(-57px)'));

    // Turned to landscape: wider, so it fits sideways, but lower, so less height is left.
    viewport = { width: 812, height: 375 };
    box = { left: 200, right: 424, top: 100, bottom: 400 };
    act(() => void window.dispatchEvent(new Event('orientationchange')));
    expect(panel.style.transform).toBe('');
    expect(panel.style.maxHeight).toBe('267px');

    viewport = { width: 320, height: 812 };
    box = { left: 200, right: 424, top: 100, bottom: 400 };
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(panel.style.transform).toBe('translateX(-112px)');
    expect(panel.style.maxHeight).toBe('');

    details().open = false;
    await waitFor(() => expect(panel.style.transform).toBe(''));
    viewport = { width: 300, height: 200 };
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(panel.style.transform).toBe('');
    expect(panel.style.maxHeight).toBe('');
  });
});
