import { render } from '@testing-library/react';
import { footprintDrawing, projectLocal, roundLength, DEFAULT_BOX } from '@/components/missions/print/footprint';
import { FootprintSvg } from '@/components/missions/print/footprint-svg';
import { polygonFromLocal, type PolygonGeometry, type Position } from '@/lib/shared/geo';

const MUNICH: Position = [11.5755, 48.1374];
/** 10 m east–west × 20 m north–south. */
const rectangle = (rotationDeg = 0) => polygonFromLocal(MUNICH, [[0, 0], [10, 0], [10, 20], [0, 20]], rotationDeg);

/** Corner points of the SVG path (the M/L commands' coordinate pairs). */
function pathPoints(path: string): [number, number][] {
  const numbers = path.replace(/[MLZ]/g, ' ').trim().split(/\s+/).map(Number);
  const points: [number, number][] = [];
  for (let i = 0; i < numbers.length; i += 2) points.push([numbers[i]!, numbers[i + 1]!]);
  return points;
}

function bbox(points: [number, number][]) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

describe('footprint drawing', () => {
  it('projects a 10 m × 20 m rectangle to its true size in metres', () => {
    const [ring] = projectLocal(rectangle());
    const b = bbox(ring!);
    // polygonFromLocal rounds to 1e-8°, about a millimetre.
    expect(b.width).toBeCloseTo(10, 2);
    expect(b.height).toBeCloseTo(20, 2);
  });

  it('draws it twice as tall as wide, north up, filling the box height', () => {
    const d = footprintDrawing(rectangle())!;
    const b = bbox(pathPoints(d.path));
    expect(b.height / b.width).toBeCloseTo(2, 2);
    // The limiting side is the height: the shape uses all of it (within the rounding to 0.01 units).
    expect(b.height).toBeCloseTo(DEFAULT_BOX.height - 2 * DEFAULT_BOX.margin - DEFAULT_BOX.scaleBarSpace, 1);
    expect(b.width).toBeCloseTo(10 * d.scale, 1);
    expect(b.height).toBeCloseTo(20 * d.scale, 1);
    expect(d.extent.east).toBeCloseTo(10, 2);
    expect(d.extent.north).toBeCloseTo(20, 2);
    // Nothing leaves the drawing.
    for (const [x, y] of pathPoints(d.path)) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(d.width);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(d.height);
    }
  });

  it('puts north at the top: the northern corners have the smaller y', () => {
    const d = footprintDrawing(polygonFromLocal(MUNICH, [[0, 0], [10, 0], [0, 20]]))!; // apex in the north-west
    const points = pathPoints(d.path).slice(0, 3);
    const apex = points[2]!;
    expect(apex[1]).toBeCloseTo(bbox(points).minY, 5);
    expect(apex[0]).toBeCloseTo(Math.min(...points.map((p) => p[0])), 5);
  });

  it('keeps proportions when the building is turned (a 90° turn swaps width and height)', () => {
    const d = footprintDrawing(rectangle(90))!;
    const b = bbox(pathPoints(d.path));
    expect(b.width / b.height).toBeCloseTo(2, 2);
  });

  it('has a scale bar of a round length drawn at the shape’s scale', () => {
    const d = footprintDrawing(rectangle())!;
    expect([1, 2, 5, 10, 20, 50]).toContain(d.scaleBar.metres);
    expect(d.scaleBar.length / d.scaleBar.metres).toBeCloseTo(d.scale, 6);
    expect(d.scaleBar.length).toBeLessThanOrEqual(d.width - 2 * DEFAULT_BOX.margin);
  });

  it('draws holes as further subpaths and refuses an empty polygon', () => {
    const withHole: PolygonGeometry = {
      type: 'Polygon',
      coordinates: [rectangle().coordinates[0]!, polygonFromLocal(MUNICH, [[2, 2], [8, 2], [8, 8], [2, 8]]).coordinates[0]!],
    };
    expect(footprintDrawing(withHole)!.path.match(/M/g)).toHaveLength(2);
    expect(footprintDrawing({ type: 'Polygon', coordinates: [] })).toBeNull();
  });

  it('rounds scale-bar lengths to 1, 2 or 5 × 10ⁿ', () => {
    expect(roundLength(7.3)).toBe(5);
    expect(roundLength(19)).toBe(10);
    expect(roundLength(20)).toBe(20);
    expect(roundLength(0.7)).toBe(0.5);
    expect(roundLength(340)).toBe(200);
  });

  it('renders an SVG with the outline, the scale bar and its label', () => {
    const { getByRole, getByTestId } = render(<FootprintSvg footprint={rectangle()} label="Footprint of Haus" scaleLabel={(m) => `${m} m`} />);
    const svg = getByRole('img', { name: 'Footprint of Haus' });
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${DEFAULT_BOX.width} ${DEFAULT_BOX.height}`);
    const bar = getByTestId('scale-bar');
    expect(bar).toHaveTextContent(`${bar.getAttribute('data-metres')} m`);
    const [line] = bar.querySelectorAll('line');
    const drawnLength = Number(line!.getAttribute('x2')) - Number(line!.getAttribute('x1'));
    expect(drawnLength / Number(bar.getAttribute('data-metres'))).toBeCloseTo(Number(svg.getAttribute('data-scale')), 6);
    const b = bbox(pathPoints(svg.querySelector('path')!.getAttribute('d')!));
    expect(b.height / b.width).toBeCloseTo(2, 2);
  });
});
