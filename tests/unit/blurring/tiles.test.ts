import { iou, mergeBoxes, tilesOf, unwrap } from '@/lib/server/blurring/tiles';

describe('where the face detector looks', () => {
  it('searches a small photo whole, without tiles', () => {
    expect(tilesOf(560, 329, false)).toEqual([]);
  });

  it('covers a large photo with overlapping tiles that end exactly at the edges', () => {
    const tiles = tilesOf(2000, 1500, false);
    expect(Math.max(...tiles.map((t) => t.x + t.width))).toBe(2000);
    expect(Math.max(...tiles.map((t) => t.y + t.height))).toBe(1500);
    expect(tiles.every((t) => !t.wraps && t.width === 640 && t.height === 640)).toBe(true);
    // Every point is inside some tile.
    for (const [x, y] of [[0, 0], [1999, 1499], [1000, 750], [639, 1200]] as const) {
      expect(tiles.some((t) => x >= t.x && x < t.x + t.width && y >= t.y && y < t.y + t.height)).toBe(true);
    }
  });

  it("runs a panorama's tiles across the 360° seam", () => {
    const tiles = tilesOf(4096, 2048, true);
    const seam = tiles.filter((t) => t.wraps);
    expect(seam.length).toBeGreaterThan(0);
    expect(seam.every((t) => t.x + t.width > 4096)).toBe(true);
  });

  it('splits a box found across the seam into its two parts', () => {
    expect(unwrap({ x: 4050, y: 10, width: 100, height: 50, score: 0.9 }, 4096)).toEqual([
      { x: 4050, y: 10, width: 46, height: 50, score: 0.9 },
      { x: 0, y: 10, width: 54, height: 50, score: 0.9 },
    ]);
    expect(unwrap({ x: 4200, y: 0, width: 10, height: 10, score: 0.5 }, 4096)).toEqual([{ x: 104, y: 0, width: 10, height: 10, score: 0.5 }]);
  });

  it('keeps the best of overlapping boxes and drops a part of a face cut by a tile edge', () => {
    const face = { x: 100, y: 100, width: 50, height: 60, score: 0.95 };
    const shifted = { x: 104, y: 98, width: 50, height: 60, score: 0.8 };
    const cut = { x: 100, y: 100, width: 20, height: 60, score: 0.6 };
    const other = { x: 400, y: 100, width: 40, height: 40, score: 0.7 };
    expect(mergeBoxes([cut, shifted, other, face])).toEqual([face, other]);
    expect(iou(face, face)).toBe(1);
    expect(iou(face, other)).toBe(0);
  });
});
