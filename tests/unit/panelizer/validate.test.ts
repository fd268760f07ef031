import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import { counterClockwise, validatePanelizerDocument } from '@/lib/shared/panelizer/validate';

/** Two storeys of 3 m on one shared 10 × 20 m plan, one window on the south wall of the ground floor. */
function doc(): PanelizerDocument {
  return {
    schema: 1,
    origin: [0, 0, 0],
    floorLines: [{ id: 'a', z: 0 }, { id: 'b', z: 3 }, { id: 'c', z: 6 }],
    floors: [{ id: 'a', planId: 'p' }, { id: 'b', planId: 'p' }],
    plans: [{ id: 'p', outlines: [{ id: 'o', kind: 'building', points: [{ id: 'v1', x: 0, y: 0 }, { id: 'v2', x: 10, y: 0 }, { id: 'v3', x: 10, y: 20 }, { id: 'v4', x: 0, y: 20 }] }] }],
    openings: [{ id: 'w', floorId: 'a', outlineId: 'o', edgeId: 'v1', kind: 'window', left: 1, bottom: 0.9, width: 1.2, height: 1.5 }],
  };
}

const keys = (d: PanelizerDocument) => validatePanelizerDocument(d).map((i) => `${i.path} ${i.key}`);

describe('validatePanelizerDocument', () => {
  it('accepts a sound document, and an empty one', () => {
    expect(keys(doc())).toEqual([]);
    expect(keys({ ...doc(), floorLines: [], floors: [], plans: [], openings: [] })).toEqual([]);
  });

  it('wants floor lines strictly ascending', () => {
    const d = doc();
    d.floorLines[2]!.z = 3;
    expect(keys(d)).toContain('floorLines.2.z panelizer.errors.floorLinesNotAscending');
  });

  it('wants exactly one floor per storey, named by its bottom line, on an existing plan', () => {
    expect(keys({ ...doc(), floors: [{ id: 'a', planId: 'p' }] })).toContain('floors panelizer.errors.floorsMismatch');
    expect(keys({ ...doc(), floors: [{ id: 'b', planId: 'p' }, { id: 'a', planId: 'p' }] })).toContain('floors panelizer.errors.floorsMismatch');
    const d = doc();
    d.floors[1]!.planId = 'q';
    expect(keys(d)).toEqual(['floors.1.planId panelizer.errors.unknownPlan']);
  });

  it('refuses self-intersecting and clockwise outlines, naming their points', () => {
    const bowTie = doc();
    bowTie.plans[0]!.outlines[0]!.points = [{ id: 'v1', x: 0, y: 0 }, { id: 'v2', x: 10, y: 20 }, { id: 'v3', x: 10, y: 0 }, { id: 'v4', x: 0, y: 20 }];
    bowTie.openings = [];
    expect(keys(bowTie)).toEqual(['plans.0.outlines.0.points panelizer.errors.selfIntersecting']);
    const clockwise = doc();
    clockwise.plans[0]!.outlines[0]!.points.reverse();
    clockwise.openings = [];
    expect(keys(clockwise)).toEqual(['plans.0.outlines.0.points panelizer.errors.clockwise']);
    expect(keys({ ...clockwise, plans: [{ ...clockwise.plans[0]!, outlines: [{ ...clockwise.plans[0]!.outlines[0]!, points: counterClockwise(clockwise.plans[0]!.outlines[0]!.points) }] }] })).toEqual([]);
  });

  it('refuses duplicate ids', () => {
    const d = doc();
    d.plans[0]!.outlines[0]!.points[2]!.id = 'v1';
    expect(keys(d)).toContain('plans.0.outlines.0.points.2.id panelizer.errors.duplicateId');
  });

  it('wants openings on an existing floor, outline and wall, inside their elevation and apart', () => {
    const at = (change: Partial<PanelizerDocument['openings'][number]>) => keys({ ...doc(), openings: [{ ...doc().openings[0]!, ...change }] });
    expect(at({ floorId: 'c' })).toEqual(['openings.0 panelizer.errors.unknownFloor']);
    expect(at({ outlineId: 'x' })).toEqual(['openings.0 panelizer.errors.unknownOutline']);
    expect(at({ edgeId: 'x' })).toEqual(['openings.0 panelizer.errors.unknownEdge']);
    // The south wall is 10 m long and the storey 3 m high: right up to the corner is fine, beyond is not.
    expect(at({ left: 8.8 })).toEqual([]);
    expect(at({ left: 8.81 })).toEqual(['openings.0 panelizer.errors.openingOutside']);
    expect(at({ bottom: 1.6 })).toEqual(['openings.0 panelizer.errors.openingOutside']);
    // The east wall is 20 m long.
    expect(at({ edgeId: 'v2', left: 18 })).toEqual([]);
    const w = doc().openings[0]!;
    expect(keys({ ...doc(), openings: [w, { ...w, id: 'w2', left: 2 }] })).toEqual(['openings.1 panelizer.errors.openingsOverlap']);
    expect(keys({ ...doc(), openings: [w, { ...w, id: 'w2', left: 2.2 }] })).toEqual([]);
    expect(keys({ ...doc(), openings: [w, { ...w, id: 'w2', floorId: 'b' }] })).toEqual([]);
  });
});
