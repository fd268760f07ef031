import { fireEvent, screen } from '@testing-library/react';
import { ElevationsList } from '@/components/panelizer/editor/elevations-list';
import { OpeningFields } from '@/components/panelizer/editor/opening-fields';
import { addFloorLine } from '@/components/panelizer/model/floor-commands';
import { addOutline } from '@/components/panelizer/model/outline-commands';
import type { Command } from '@/components/panelizer/model/command';
import { emptyPanelizerDocument, type Opening, type PanelizerDocument } from '@/lib/shared/panelizer/document';
import { renderWithIntl } from '@/tests/support/render-with-intl';

function run(doc: PanelizerDocument, ...commands: Command[]): PanelizerDocument {
  return commands.reduce((d, c) => {
    const result = c.perform(d);
    if (!result.ok) throw new Error(`${c.name} refused`);
    return result.doc;
  }, doc);
}

// A 12.5 × 4.25 m box, one storey of 3 m.
const doc = run(emptyPanelizerDocument([0, 0, 0]), addFloorLine(0, 'l0'), addFloorLine(3, 'l1'), addOutline('l0', 'building', [[0, 0], [12.5, 0], [12.5, 4.25], [0, 4.25]], 'o1'));

describe('panelizer measurements', () => {
  it('show German decimal commas in the elevations list', () => {
    renderWithIntl(<ElevationsList doc={doc} floorId={null} selected={null} onSelect={jest.fn()} />, { locale: 'de' });
    const items = screen.getAllByTestId('panelizer-elevation-item').map((b) => b.textContent);
    expect(items.some((text) => text!.includes('12,50 m'))).toBe(true);
    expect(items.some((text) => text!.includes('4,25 m'))).toBe(true);
    expect(items.join(' ')).not.toMatch(/\d\.\d/);
  });

  it('and English decimal points', () => {
    renderWithIntl(<ElevationsList doc={doc} floorId={null} selected={null} onSelect={jest.fn()} />);
    expect(screen.getAllByTestId('panelizer-elevation-item').some((b) => b.textContent!.includes('12.50 m'))).toBe(true);
  });

  it("show an opening's size with a comma in German, and read a comma back", () => {
    const opening: Opening = { id: 'w1', floorId: 'l0', outlineId: 'o1', edgeId: 'p1', kind: 'window', left: 1.5, bottom: 0.9, width: 1.25, height: 1.4 };
    const commands = jest.fn((_: Command) => null);
    renderWithIntl(<OpeningFields opening={opening} readOnly={false} run={commands} />, { locale: 'de' });
    const width = screen.getByLabelText('Breite (m)');
    expect(width).toHaveValue('1,25');
    expect(screen.getByLabelText('Ab Wandanfang (m)')).toHaveValue('1,50');
    fireEvent.change(width, { target: { value: '1,3' } });
    fireEvent.blur(width);
    expect(commands).toHaveBeenCalledTimes(1);
  });
});
