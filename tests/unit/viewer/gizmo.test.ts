import { boxOfVolume, withBox } from '@/components/viewer/volume-data';
import { closestOnAxis, dragBox, handlePositions, MIN_SIDE, normaliseAngle, rayAtHeight, roundBox, type Box, type Ray } from '@/lib/shared/viewer/gizmo';

// Projected coordinates (UTM metres): the maths must keep millimetres there.
const E = 691_000;
const N = 5_334_000;
const box: Box = { centre: [E + 10, N + 5, 520], size: [20, 8, 12], rotation: 0 };

/** A ray from straight above the point (x, y), looking down. */
const down = (x: number, y: number): Ray => ({ origin: [x, y, 600], direction: [0, 0, -1] });
/** A ray from the south, looking north, horizontal at height z through x. */
const north = (x: number, z: number): Ray => ({ origin: [x, N - 100, z], direction: [0, 1, 0] });
const close = (a: readonly number[], b: readonly number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 6));

describe('ray helpers', () => {
  it('meets a horizontal plane, not when parallel or behind', () => {
    close(rayAtHeight({ origin: [1, 2, 10], direction: [1, 0, -2] }, 4)!, [4, 2, 4]);
    expect(rayAtHeight({ origin: [0, 0, 10], direction: [1, 0, 0] }, 4)).toBeNull();
    expect(rayAtHeight({ origin: [0, 0, 10], direction: [0, 0, 1] }, 4)).toBeNull();
  });

  it('finds the point of an axis closest to a ray, none along it', () => {
    // The x axis through the origin; a ray straight down through x = 3.
    expect(closestOnAxis({ origin: [3, 5, 10], direction: [0, 0, -1] }, [0, 0, 0], [1, 0, 0])).toBeCloseTo(3, 9);
    expect(closestOnAxis({ origin: [0, 0, 10], direction: [2, 0, 0] }, [0, 0, 0], [1, 0, 0])).toBeNull();
  });

  it('brings angles into (-π, π]', () => {
    expect(normaliseAngle(3 * Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(normaliseAngle(-Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(normaliseAngle(-Math.PI / 2 - 2 * Math.PI)).toBeCloseTo(-Math.PI / 2, 12);
  });
});

describe('handles', () => {
  it('sit at the centre, the face centres and beyond a top corner, turned with the box', () => {
    const h = handlePositions({ ...box, rotation: Math.PI / 2 });
    close(h.move, [E + 10, N + 5, 520]);
    // Turned a quarter: local x points north, local y west.
    close(h['+x'], [E + 10, N + 15, 520]);
    close(h['-y'], [E + 14, N + 5, 520]);
    close(h['+z'], [E + 10, N + 5, 526]);
    close(h.turn, [E + 10 - 4 - 3, N + 5 + 10 + 3, 526]);
  });
});

describe('dragging', () => {
  it('moves the centre over the horizontal plane through it, height unchanged', () => {
    const moved = dragBox(box, 'move', down(E + 10, N + 5), down(E + 13.5, N + 1.25));
    close(moved.centre, [E + 13.5, N + 1.25, 520]);
    expect(moved.size).toEqual(box.size);
  });

  it('resizes by a face, the opposite face staying where it was', () => {
    // +x face from E+20 to E+23: length 23, centre half as far.
    const longer = dragBox(box, '+x', down(E + 20, N + 5), down(E + 23, N + 5));
    close(longer.size, [23, 8, 12]);
    close(longer.centre, [E + 11.5, N + 5, 520]);
    // -x face dragged inwards by 4: the +x face stays at E+20.
    const shorter = dragBox(box, '-x', down(E, N + 5), down(E + 4, N + 5));
    close(shorter.size, [16, 8, 12]);
    expect(shorter.centre[0] + shorter.size[0] / 2).toBeCloseTo(E + 20, 6);
    // The top face, seen from the side, raised by 2.
    const taller = dragBox(box, '+z', north(E + 10, 526), north(E + 10, 528));
    close(taller.size, [20, 8, 14]);
    close(taller.centre, [E + 10, N + 5, 521]);
  });

  it('resizes along the turned axis of a turned box', () => {
    const turned: Box = { ...box, rotation: Math.PI / 2 };
    // Local +y points west: its face at E+6, dragged 2 further west.
    const deeper = dragBox(turned, '+y', down(E + 6, N + 5), down(E + 4, N + 5));
    close(deeper.size, [20, 10, 12]);
    close(deeper.centre, [E + 9, N + 5, 520]);
  });

  it('never lets a face pass the opposite one', () => {
    const flat = dragBox(box, '+x', down(E + 20, N + 5), down(E - 50, N + 5));
    expect(flat.size[0]).toBe(MIN_SIDE);
    expect(flat.centre[0] - flat.size[0] / 2).toBeCloseTo(E, 6);
  });

  it('turns about the vertical through the centre by the angle swept', () => {
    const turned = dragBox(box, 'turn', down(E + 20, N + 5), down(E + 10, N + 15));
    expect(turned.rotation).toBeCloseTo(Math.PI / 2, 9);
    close(turned.centre, box.centre);
    const back = dragBox({ ...box, rotation: 3 }, 'turn', down(E + 20, N + 5), down(E + 10, N + 15));
    expect(back.rotation).toBeCloseTo(3 + Math.PI / 2 - 2 * Math.PI, 9);
  });

  it('leaves the box as it was when the pointer gives no answer', () => {
    const level: Ray = { origin: [E, N, 520], direction: [1, 0, 0] };
    expect(dragBox(box, 'move', level, level)).toBe(box);
    expect(dragBox(box, '+x', level, level)).toBe(box);
  });

  it('rounds to millimetres as the typed fields show them', () => {
    expect(roundBox({ centre: [E + 0.12345, N + 0.6789, 520.0004], size: [1.23456, 0.0001, 2], rotation: 0.5 })).toEqual({
      centre: [E + 0.123, N + 0.679, 520],
      size: [1.235, MIN_SIDE, 2],
      rotation: 0.5,
    });
  });
});

describe('a dragged slice', () => {
  const slice = { kind: 'slice' as const, data: { centre: [E, N, 520] as [number, number, number], size: [20, 0.3, 12] as [number, number, number], rotation: 0, width: 0.3, axis: 'vertical' as const } };

  it('is dragged as its slab and keeps its thin side as its width', () => {
    const slab = boxOfVolume(slice);
    expect(slab.size).toEqual([20, 0.3, 12]);
    const wider = withBox(slice, dragBox(slab, '+y', down(E, N + 0.15), down(E, N + 0.65)));
    expect(wider.kind === 'slice' && wider.data.width).toBeCloseTo(0.8, 9);
    expect(wider.data.size[1]).toBeCloseTo(0.8, 9);
    const flat = { kind: 'slice' as const, data: { ...slice.data, size: [20, 8, 0.3] as [number, number, number], axis: 'horizontal' as const } };
    const thicker = withBox(flat, dragBox(boxOfVolume(flat), '+z', north(E, 520.15), north(E, 520.45)));
    expect(thicker.kind === 'slice' && thicker.data.width).toBeCloseTo(0.6, 9);
  });
});
