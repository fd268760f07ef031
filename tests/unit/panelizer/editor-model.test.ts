import { emptyPanelizerDocument, type PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { Command } from '@/components/panelizer/model/command';
import { addFloorLine, linkFloor, moveFloorLine, removeFloorLine, unlinkFloor } from '@/components/panelizer/model/floor-commands';
import { addOutline, addOutlinePoint, copyOutlines, moveOutlinePoint, removeOutline, removeOutlinePoint, setOutlineKind } from '@/components/panelizer/model/outline-commands';
import { addOpening, removeOpenings, repeatOpeningGroup, updateOpening } from '@/components/panelizer/model/opening-commands';
import { execute, redo, rebase, startHistory, undo, type History } from '@/components/panelizer/model/history';
import { elevationsOfDocument, floorsOf, planOfFloor } from '@/components/panelizer/model/geometry';
import { floorLineAdvice } from '@/components/panelizer/model/advice';

/** Runs commands one after another; fails the test on a refusal. */
function run(doc: PanelizerDocument, ...commands: Command[]): PanelizerDocument {
  return commands.reduce((d, c) => {
    const result = c.perform(d);
    if (!result.ok) throw new Error(`${c.name} refused: ${result.refusal}`);
    return result.doc;
  }, doc);
}

const refusal = (doc: PanelizerDocument, c: Command) => {
  const result = c.perform(doc);
  return result.ok ? null : result.refusal;
};

/** The demo building's box: 24 × 12 m, storeys of 3 m. */
const RECT = [[0, 0], [24, 0], [24, 12], [0, 12]] as const;

function building(storeys = 2): PanelizerDocument {
  const lines = Array.from({ length: storeys + 1 }, (_, i) => addFloorLine(i * 3, `l${i}`));
  return run(emptyPanelizerDocument([100, 200, 50]), ...lines, addOutline('l0', 'building', RECT, 'o1'));
}

const southEdge = (doc: PanelizerDocument, floorId = 'l0') => planOfFloor(doc, floorId)!.outlines[0]!.points[0]!.id;

describe('panelizer editor: floor lines', () => {
  it('keeps floor lines ordered and makes one floor per line but the top one', () => {
    const doc = run(emptyPanelizerDocument([0, 0, 0]), addFloorLine(6, 'c'), addFloorLine(0, 'a'), addFloorLine(3, 'b'));
    expect(doc.floorLines.map((l) => l.z)).toEqual([0, 3, 6]);
    expect(floorsOf(doc).map((f) => [f.id, f.bottom, f.top])).toEqual([['a', 0, 3], ['b', 3, 6]]);
    expect(doc.floors).toHaveLength(2);
    expect(new Set(doc.floors.map((f) => f.planId)).size).toBe(2);
  });

  it('moves a line between its neighbours and refuses to pass one', () => {
    const doc = run(emptyPanelizerDocument([0, 0, 0]), addFloorLine(0, 'a'), addFloorLine(3, 'b'), addFloorLine(6, 'c'));
    expect(run(doc, moveFloorLine('b', 3.2)).floorLines.map((l) => l.z)).toEqual([0, 3.2, 6]);
    expect(refusal(doc, moveFloorLine('b', 6.5))).toBe('floorLineOrder');
    expect(refusal(doc, addFloorLine(3.05))).toBe('floorLineTooClose');
  });

  it('removing a line removes the floor it was the bottom of, with its openings and plan', () => {
    let doc = building(2);
    doc = run(doc, linkFloor('l1', 'l0'), addOpening({ floorId: 'l1', outlineId: 'o1', edgeId: southEdge(doc), kind: 'window', left: 1, bottom: 0.9, width: 1.2, height: 1.4 }));
    const after = run(doc, removeFloorLine('l1'));
    expect(floorsOf(after).map((f) => [f.id, f.top])).toEqual([['l0', 6]]);
    expect(after.openings).toEqual([]);
    expect(after.plans).toHaveLength(1);
  });

  it('refuses a move that would push an opening out of its storey', () => {
    const doc = building(1);
    const withWindow = run(doc, addOpening({ floorId: 'l0', outlineId: 'o1', edgeId: southEdge(doc), kind: 'window', left: 1, bottom: 0.9, width: 1.2, height: 1.4 }));
    expect(refusal(withWindow, moveFloorLine('l1', 2))).toBe('openingOutside');
    expect(run(withWindow, moveFloorLine('l1', 2.5)).floorLines[1]!.z).toBe(2.5);
  });
});

describe('panelizer editor: outlines', () => {
  it('keeps outlines counter-clockwise and refuses self-intersecting ones', () => {
    const doc = run(emptyPanelizerDocument([0, 0, 0]), addFloorLine(0, 'a'), addFloorLine(3, 'b'), addOutline('a', 'building', [[0, 0], [0, 5], [5, 5], [5, 0]]));
    const points = planOfFloor(doc, 'a')!.outlines[0]!.points.map((p) => [p.x, p.y]);
    expect(points).toEqual([[5, 0], [5, 5], [0, 5], [0, 0]]);
    expect(refusal(doc, addOutline('a', 'balcony', [[0, 0], [4, 4], [4, 0], [0, 4]]))).toBe('selfIntersecting');
  });

  it('moves, inserts and deletes points, refusing a move that crosses an edge and a fourth deletion of a triangle', () => {
    let doc = building(1);
    const [v0, v1, v2] = planOfFloor(doc, 'l0')!.outlines[0]!.points;
    expect(refusal(doc, moveOutlinePoint('l0', 'o1', v1!.id, -5, 6))).toBe('selfIntersecting');
    doc = run(doc, addOutlinePoint('l0', 'o1', v0!.id, 12, -1, 'mid'), moveOutlinePoint('l0', 'o1', 'mid', 12, -2));
    expect(planOfFloor(doc, 'l0')!.outlines[0]!.points.map((p) => p.id).slice(0, 2)).toEqual([v0!.id, 'mid']);
    doc = run(doc, removeOutlinePoint('l0', 'o1', 'mid'), removeOutlinePoint('l0', 'o1', v2!.id));
    expect(planOfFloor(doc, 'l0')!.outlines[0]!.points).toHaveLength(3);
    expect(refusal(doc, removeOutlinePoint('l0', 'o1', v1!.id))).toBe('tooFewPoints');
  });

  it('sets the kind, removes an outline with its openings, copies outlines as independent copies', () => {
    let doc = building(2);
    doc = run(doc, setOutlineKind('l0', 'o1', 'balcony'));
    expect(planOfFloor(doc, 'l0')!.outlines[0]!.kind).toBe('balcony');
    doc = run(doc, copyOutlines('l0', 'l1'));
    const copy = planOfFloor(doc, 'l1')!.outlines[0]!;
    expect(copy.id).not.toBe('o1');
    expect(copy.points.map((p) => [p.x, p.y])).toEqual(planOfFloor(doc, 'l0')!.outlines[0]!.points.map((p) => [p.x, p.y]));
    doc = run(doc, addOpening({ floorId: 'l0', outlineId: 'o1', edgeId: southEdge(doc), kind: 'door', left: 11.3, bottom: 0, width: 1.4, height: 2.3 }));
    doc = run(doc, removeOutline('l0', 'o1'));
    expect(planOfFloor(doc, 'l0')!.outlines).toEqual([]);
    expect(planOfFloor(doc, 'l1')!.outlines).toHaveLength(1);
    expect(doc.openings).toEqual([]);
  });
});

describe('panelizer editor: linked floors', () => {
  it('linked floors share edits; unlinking gives the floor its own copy that keeps its openings', () => {
    let doc = run(building(3), linkFloor('l1', 'l0'), linkFloor('l2', 'l0'));
    expect(new Set(doc.floors.map((f) => f.planId)).size).toBe(1);
    expect(doc.plans).toHaveLength(1);
    const v = planOfFloor(doc, 'l1')!.outlines[0]!.points[2]!;
    doc = run(doc, moveOutlinePoint('l1', 'o1', v.id, 25, 13));
    expect(planOfFloor(doc, 'l0')!.outlines[0]!.points[2]).toMatchObject({ x: 25, y: 13 });
    expect(planOfFloor(doc, 'l2')!.outlines[0]!.points[2]).toMatchObject({ x: 25, y: 13 });

    doc = run(doc, addOpening({ floorId: 'l2', outlineId: 'o1', edgeId: southEdge(doc, 'l2'), kind: 'window', left: 0.9, bottom: 0.9, width: 1.2, height: 1.4 }));
    doc = run(doc, unlinkFloor('l2'));
    expect(planOfFloor(doc, 'l2')!.id).not.toBe(planOfFloor(doc, 'l0')!.id);
    expect(doc.openings).toHaveLength(1);
    doc = run(doc, moveOutlinePoint('l2', 'o1', v.id, 24, 12));
    expect(planOfFloor(doc, 'l0')!.outlines[0]!.points[2]).toMatchObject({ x: 25, y: 13 });
    expect(refusal(doc, unlinkFloor('l2'))).toBe('notLinked');
    expect(refusal(doc, linkFloor('l1', 'l0'))).toBe('sameFloorplan');
  });
});

describe('panelizer editor: openings', () => {
  it('keeps openings inside their elevation', () => {
    const doc = building(1);
    const edge = southEdge(doc);
    const base = { floorId: 'l0', outlineId: 'o1', edgeId: edge, kind: 'window' as const, bottom: 0.9, width: 1.2, height: 1.4 };
    expect(refusal(doc, addOpening({ ...base, left: 23 }))).toBe('openingOutside');
    expect(refusal(doc, addOpening({ ...base, left: 1, bottom: 2 }))).toBe('openingOutside');
    expect(refusal(doc, addOpening({ ...base, left: 1, edgeId: 'nope' }))).toBe('elevationMissing');
    const placed = run(doc, addOpening({ ...base, id: 'w1', left: 0.9 }));
    expect(run(placed, updateOpening('w1', { left: 2, width: 1.5 })).openings[0]).toMatchObject({ left: 2, width: 1.5 });
    expect(refusal(placed, updateOpening('w1', { width: 30 }))).toBe('openingOutside');
    expect(refusal(placed, addOpening({ ...base, left: 1.5 }))).toBe('openingsOverlap');
    expect(run(placed, addOpening({ ...base, left: 2.1 })).openings).toHaveLength(2);
    expect(run(placed, removeOpenings(['w1'])).openings).toEqual([]);
  });

  it('repeats a group across floors and along the wall, all or nothing', () => {
    let doc = run(building(4), linkFloor('l1', 'l0'), linkFloor('l2', 'l0'), linkFloor('l3', 'l0'));
    const edge = southEdge(doc);
    doc = run(doc, addOpening({ id: 'w1', floorId: 'l0', outlineId: 'o1', edgeId: edge, kind: 'window', left: 0.9, bottom: 0.9, width: 1.2, height: 1.4 }));
    const shifts = [0, 3, 6, 9, 12, 15, 18, 21];
    const placements = ['l0', 'l1', 'l2', 'l3'].flatMap((floorId) => shifts.filter((s) => floorId !== 'l0' || s > 0).map((shift) => ({ floorId, shift })));
    const repeated = run(doc, repeatOpeningGroup(['w1'], placements, 'g1'));
    expect(repeated.openings).toHaveLength(32);
    expect(new Set(repeated.openings.map((o) => o.groupId))).toEqual(new Set(['g1']));
    expect(refusal(doc, repeatOpeningGroup(['w1'], [{ floorId: 'l1', shift: 24 }]))).toBe('openingOutside');
    expect(elevationsOfDocument(repeated)).toHaveLength(16);
  });
});

describe('panelizer editor: undo and redo', () => {
  it('undoes and redoes every command, and a refused one leaves the history alone', () => {
    let h: History = startHistory(emptyPanelizerDocument([0, 0, 0]));
    h = execute(h, addFloorLine(0, 'a')).history;
    h = execute(h, addFloorLine(3, 'b')).history;
    const refused = execute(h, addFloorLine(3.01));
    expect(refused.refusal).toBe('floorLineTooClose');
    expect(refused.history).toBe(h);
    h = undo(h);
    expect(h.present.floorLines.map((l) => l.id)).toEqual(['a']);
    h = redo(h);
    expect(h.present.floorLines.map((l) => l.id)).toEqual(['a', 'b']);
    h = execute(undo(h), addFloorLine(4, 'c')).history;
    expect(h.future).toEqual([]);
    expect(h.present.floorLines.map((l) => l.id)).toEqual(['a', 'c']);
  });

  it('puts the user document on top of a newer saved one, the newer one a step back', () => {
    const newest = emptyPanelizerDocument([1, 1, 1]);
    const h = rebase(execute(startHistory(emptyPanelizerDocument([0, 0, 0])), addFloorLine(0, 'a')).history, newest);
    expect(h.present.floorLines).toHaveLength(1);
    expect(undo(h).present).toBe(newest);
  });
});

describe('panelizer editor: the 60 cm advice', () => {
  it('advises 60 cm above the top window edge of the storey below, until the line is there', () => {
    let doc = building(2);
    expect(floorLineAdvice(doc, 'l1')).toBeNull();
    doc = run(doc, addOpening({ floorId: 'l0', outlineId: 'o1', edgeId: southEdge(doc), kind: 'window', left: 1, bottom: 0.9, width: 1.2, height: 1.4 }));
    expect(floorLineAdvice(doc, 'l1')!.advisedZ).toBeCloseTo(2.9);
    expect(floorLineAdvice(run(doc, moveFloorLine('l1', 2.9)), 'l1')).toBeNull();
    expect(floorLineAdvice(doc, 'l0')).toBeNull();
  });
});
