import { pointGrid, snap } from '@/components/panelizer/model/snapping';

describe('panelizer snapping', () => {
  const grid = pointGrid(new Float32Array([1, 1, 5.02, 5.03, 9, 9]), 3);

  it('prefers a corner, then an edge, then a slice point, within the radius only', () => {
    const targets = { vertices: [[0, 0]] as [number, number][], edges: [[[0, 0], [10, 0]]] as [[number, number], [number, number]][], points: grid };
    expect(snap([0.05, 0.05], targets, 0.1)).toEqual({ point: [0, 0], kind: 'vertex' });
    expect(snap([4, 0.08], targets, 0.1)).toEqual({ point: [4, 0], kind: 'edge' });
    const onPoint = snap([5, 5], targets, 0.1);
    expect(onPoint.kind).toBe('point');
    expect(onPoint.point[0]).toBeCloseTo(5.02, 5);
    expect(onPoint.point[1]).toBeCloseTo(5.03, 5);
    expect(snap([3, 3], targets, 0.1)).toEqual({ point: [3, 3], kind: null });
  });

  it('finds slice points across grid cells', () => {
    expect(snap([8.9, 8.9], { vertices: [], edges: [], points: grid }, 0.5).kind).toBe('point');
  });
});
