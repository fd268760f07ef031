import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PanelizerEditor } from '@/components/panelizer/editor/panelizer-editor';
import { addFloorLine } from '@/components/panelizer/model/floor-commands';
import { addOutline } from '@/components/panelizer/model/outline-commands';
import { emptyPanelizerDocument, type PanelizerDocument } from '@/lib/shared/panelizer/document';
import { renderWithIntl } from '@/tests/support/render-with-intl';

/** Two floor lines and a 24 × 12 m building outline on the floor between them. */
function building(): PanelizerDocument {
  return [addFloorLine(0, 'l0'), addFloorLine(3, 'l1'), addOutline('l0', 'building', [[0, 0], [24, 0], [24, 12], [0, 12]], 'o1')].reduce((doc, command) => {
    const result = command.perform(doc);
    if (!result.ok) throw new Error(result.refusal);
    return result.doc;
  }, emptyPanelizerDocument([0, 0, 0]));
}

// Every control operable by keyboard: step 2's corners are picked from buttons and moved, added and removed by keys.
describe('panelizer walls step by keyboard', () => {
  // jsdom has no ResizeObserver; the canvas only sizes itself with it.
  beforeAll(() => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  });

  it('selects a corner with the keyboard, moves it with the arrows (Shift: 10 cm), inserts and deletes corners, undoes', async () => {
    const user = userEvent.setup();
    renderWithIntl(<PanelizerEditor initial={building()} readOnly={false} loadPoints={() => new Promise(() => {})} />);
    await user.click(screen.getByRole('tab', { name: /Walls/ }));
    // Everything from here is keys only.
    screen.getByRole('button', { name: 'Building 1' }).focus();
    await user.keyboard('{Enter}');
    const corners = () => within(screen.getByRole('group', { name: 'Corners of the selected outline' })).getAllByRole('button');
    expect(corners()).toHaveLength(4);
    corners()[1]!.focus();
    await user.keyboard('{Enter}');
    const status = screen.getByTestId('panelizer-corner');
    expect(status).toHaveTextContent('Corner 2 at 24.00 m, 0.00 m');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}{ArrowUp}{ArrowUp}');
    expect(status).toHaveTextContent('Corner 2 at 24.10 m, 0.02 m');
    await user.keyboard('{ArrowLeft}');
    expect(status).toHaveTextContent('Corner 2 at 24.09 m, 0.02 m');

    // I inserts a corner halfway to the next one, and selects it; Delete removes it again.
    await user.keyboard('i');
    expect(corners()).toHaveLength(5);
    expect(corners()[2]).toHaveAttribute('aria-pressed', 'true');
    expect(status).toHaveTextContent(/^Corner 3 at 24\.05 m, 6\.01 m$/);
    await user.keyboard('{Delete}');
    expect(corners()).toHaveLength(4);
    expect(status).toHaveTextContent('');
    // The outline is still there: Delete took the corner, not the outline.
    expect(screen.getByRole('button', { name: 'Building 1' })).toBeInTheDocument();

    // Undo (Ctrl+Z) brings the corner back, then takes the moves back one by one.
    await user.keyboard('{Control>}z{/Control}');
    expect(corners()).toHaveLength(5);
    await user.keyboard('{Control>}z{/Control}{Control>}z{/Control}');
    expect(corners()).toHaveLength(4);
    corners()[1]!.focus();
    await user.keyboard('{Enter}');
    expect(status).toHaveTextContent('Corner 2 at 24.10 m, 0.02 m');
    // Escape leaves the corner; the arrows then move nothing.
    await user.keyboard('{Escape}{ArrowRight}');
    expect(corners()[1]).toHaveAttribute('aria-pressed', 'false');
    corners()[1]!.focus();
    await user.keyboard('{Enter}');
    expect(status).toHaveTextContent('Corner 2 at 24.10 m, 0.02 m');
  });
});
