/** @jest-environment node */
import { placeMarkers, valueOf, type MarkerItem } from '@/lib/shared/tours/markers';

const frame = { origin: [1000, 2000, 100] as const, storeyHeight: 3 };
const deg = (rad: number) => Math.round((rad * 180) / Math.PI);

describe('measurements and annotations as tour markers', () => {
  const note: MarkerItem = { id: 1, kind: 'annotation', name: 'Riss', text: 'Riss in der Wand', points: [[1005, 2000, 101.6]] };
  const floorLine: MarkerItem = { id: 2, kind: 'distance', name: 'Boden', points: [[1000, 2004, 100], [1000, 2006, 100]] };
  const upstairs: MarkerItem = { id: 3, kind: 'height', name: 'Decke OG', points: [[1001, 2001, 103.5], [1001, 2001, 106]] };
  const far: MarkerItem = { id: 4, kind: 'annotation', name: 'Weit', points: [[1100, 2000, 101]] };

  it('places each at its bearing and elevation from the panorama, turned by its heading, on its storey only', () => {
    const placed = placeMarkers([{ id: 10, floor: 0, x: 0, y: 0, heading: 0 }, { id: 11, floor: 0, x: 0, y: 0, heading: 90 }, { id: 12, floor: 1, x: 1, y: 1, heading: 0 }], [note, floorLine, upstairs, far], frame);
    // 5 m east at eye height: to the right, level; the floor line 5 m ahead, 1.6 m down.
    expect(placed.get(10)!.map((m) => [m.id, deg(m.yaw), deg(m.pitch)])).toEqual([[1, 90, 0], [2, 0, -18]]);
    expect(placed.get(10)![0]).toMatchObject({ name: 'Riss', text: 'Riss in der Wand', value: null, distance: 5 });
    expect(placed.get(10)![1]).toMatchObject({ value: 2, text: null });
    // Facing east, the note is straight ahead and the line behind on the left.
    expect(placed.get(11)!.map((m) => [m.id, deg(m.yaw)])).toEqual([[1, 0], [2, -90]]);
    // Upstairs only the upper storey's item, nearly overhead.
    expect(placed.get(12)!.map((m) => [m.id, deg(m.pitch)])).toEqual([[3, 90]]);
  });

  it('measures like the 3D viewer: a path, a height difference, an area', () => {
    expect(valueOf({ id: 1, kind: 'distance', name: 'd', points: [[0, 0, 0], [3, 4, 0], [3, 4, 12]] })).toBe(17);
    expect(valueOf({ id: 1, kind: 'height', name: 'h', points: [[0, 0, 2], [5, 5, -0.5]] })).toBe(2.5);
    expect(valueOf({ id: 1, kind: 'area', name: 'a', points: [[0, 0, 1], [4, 0, 1], [4, 2.5, 1], [0, 2.5, 1]] })).toBe(10);
    expect(valueOf({ id: 1, kind: 'area', name: 'wall', points: [[0, 0, 0], [2, 0, 0], [2, 0, 3], [0, 0, 3]] })).toBe(6);
  });
});
