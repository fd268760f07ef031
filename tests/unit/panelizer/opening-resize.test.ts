import { emptyPanelizerDocument, type PanelizerDocument } from '@/lib/shared/panelizer/document';
import { addFloorLine } from '@/components/panelizer/model/floor-commands';
import { addOutline } from '@/components/panelizer/model/outline-commands';
import { addOpening, moveOpenings } from '@/components/panelizer/model/opening-commands';
import { handleAt, resizeRect } from '@/components/panelizer/model/opening-resize';
import { planOfFloor } from '@/components/panelizer/model/geometry';
import type { Command } from '@/components/panelizer/model/command';
import { shortcutFor } from '@/components/panelizer/editor/shortcuts';

const rect = { left: 2, bottom: 1, width: 1.2, height: 1.4 };
/** A 10 m wall, 3 m high, with a neighbour to the right (4–5 m) and one above-left. */
const limits = (snapRadius = 0.05) => ({
  length: 10,
  height: 3,
  others: [{ left: 4, bottom: 0.8, width: 1, height: 1.5 }, { left: 0.5, bottom: 2.6, width: 2, height: 0.3 }],
  snapRadius,
});

describe('opening handles', () => {
  it('finds a corner first, then a side anywhere along it, within the radius', () => {
    expect(handleAt(rect, [2.02, 2.39], 0.05)).toBe('nw');
    expect(handleAt(rect, [3.2, 1], 0.05)).toBe('se');
    expect(handleAt(rect, [3.18, 1.7], 0.05)).toBe('e');
    expect(handleAt(rect, [2.5, 1.03], 0.05)).toBe('s');
    expect(handleAt(rect, [2.5, 2.43], 0.05)).toBe('n');
    expect(handleAt(rect, [2.6, 1.7], 0.05)).toBeNull();
  });

  it('reaches at most a third into a small opening: its sides stay apart from its corners and its middle', () => {
    // 1.2 × 1.4 m seen from afar: a reach of 1 m would make every press a corner.
    expect(handleAt(rect, [2.6, 2.4], 1)).toBe('n');
    expect(handleAt(rect, [2, 1.7], 1)).toBe('w');
    expect(handleAt(rect, [2.6, 1.7], 1)).toBeNull();
    expect(handleAt(rect, [3.3, 0.9], 1)).toBe('se');
  });
});

describe('resizing an opening by a handle', () => {
  it('moves only the dragged sides, rounded to centimetres', () => {
    expect(resizeRect(rect, 'e', [3.5071, 9], limits(0))).toEqual({ left: 2, bottom: 1, width: 1.51, height: 1.4 });
    expect(resizeRect(rect, 'sw', [1.5, 0.9], limits(0))).toEqual({ left: 1.5, bottom: 0.9, width: 1.7, height: 1.5 });
  });

  it("snaps a side to another opening's side, unless snapping is off (ctrl)", () => {
    // The neighbour's bottom is 0.8: 3 cm away.
    expect(resizeRect(rect, 's', [2.5, 0.83], limits())).toMatchObject({ bottom: 0.8, height: 1.6 });
    expect(resizeRect(rect, 's', [2.5, 0.83], limits(0))).toMatchObject({ bottom: 0.83, height: 1.57 });
  });

  it('stops at a neighbour instead of running into it', () => {
    expect(resizeRect(rect, 'e', [6, 1.5], limits())).toMatchObject({ left: 2, width: 2 });
    // Upwards the opening above-left (0.5–2.5 along the wall) stops the top at 2.6.
    expect(resizeRect(rect, 'n', [2.5, 2.95], limits(0))).toMatchObject({ bottom: 1, height: 1.6 });
  });

  it('stays inside the elevation and keeps a minimum size', () => {
    expect(resizeRect(rect, 'w', [-3, 1.5], limits(0))).toMatchObject({ left: 0, width: 3.2 });
    expect(resizeRect(rect, 's', [2.5, -1], limits(0))).toMatchObject({ bottom: 0, height: 2.4 });
    expect(resizeRect(rect, 'w', [9, 1.5], limits(0))).toMatchObject({ left: 3.1, width: 0.1 });
  });
});

describe('nudging the selected openings', () => {
  const run = (doc: PanelizerDocument, ...commands: Command[]) =>
    commands.reduce((d, c) => {
      const result = c.perform(d);
      if (!result.ok) throw new Error(`${c.name} refused: ${result.refusal}`);
      return result.doc;
    }, doc);
  const base = run(emptyPanelizerDocument([0, 0, 0]), addFloorLine(0, 'l0'), addFloorLine(3, 'l1'), addOutline('l0', 'building', [[0, 0], [10, 0], [10, 5], [0, 5]], 'o1'));
  const edge = planOfFloor(base, 'l0')!.outlines[0]!.points[0]!.id;
  const doc = run(base, addOpening({ id: 'a', floorId: 'l0', outlineId: 'o1', edgeId: edge, kind: 'window', left: 1, bottom: 1, width: 1, height: 1 }), addOpening({ id: 'b', floorId: 'l0', outlineId: 'o1', edgeId: edge, kind: 'window', left: 3, bottom: 1, width: 1, height: 1 }));

  it('maps the arrows on step 3: 1 cm, shift 10 cm', () => {
    const press = (key: string, shiftKey = false) => shortcutFor({ key, shiftKey, ctrlKey: false, metaKey: false, altKey: false }, 'openings');
    expect(press('ArrowRight')).toEqual({ type: 'nudgeOpenings', du: 0.01, dv: 0 });
    expect(press('ArrowLeft', true)).toEqual({ type: 'nudgeOpenings', du: -0.1, dv: 0 });
    expect(press('ArrowUp')).toEqual({ type: 'nudgeOpenings', du: 0, dv: 0.01 });
    expect(press('ArrowDown', true)).toEqual({ type: 'nudgeOpenings', du: 0, dv: -0.1 });
  });

  it('moves them together in one command, without float noise; refused when one would leave the wall or overlap', () => {
    const moved = run(doc, moveOpenings(['a', 'b'], 0.1, 0), moveOpenings(['a', 'b'], 0.2, -0.01));
    expect(moved.openings.map((o) => [o.left, o.bottom])).toEqual([[1.3, 0.99], [3.3, 0.99]]);
    expect(moveOpenings(['a'], -1.01, 0).perform(doc)).toEqual({ ok: false, refusal: 'openingOutside' });
    expect(moveOpenings(['a'], 1.5, 0).perform(doc)).toEqual({ ok: false, refusal: 'openingsOverlap' });
  });
});
