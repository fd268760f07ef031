import { LAYERS, panoramaCanvases, toPanorama, type Piece } from '@/lib/server/blurring/panorama-views';
import { unwrap } from '@/lib/server/blurring/tiles';

const W = 4096;
const H = 2048;

/** The panorama rows and columns (x may run past W: it wraps) a piece shows. */
function covered(p: Piece) {
  const sx = W / p.layer.width;
  return { x0: p.x * sx, x1: (p.x + p.width) * sx, y0: p.layer.top * H, y1: p.layer.bottom * H };
}

/** Is the panorama box (x wrapping) wholly inside some piece of some canvas? */
function seenWhole(box: { x: number; y: number; width: number; height: number }): boolean {
  return panoramaCanvases().flatMap((c) => c.pieces).some((p) => {
    const c = covered(p);
    if (box.y < c.y0 || box.y + box.height > c.y1) return false;
    return [box.x, box.x + W, box.x - W].some((x) => x >= c.x0 && x + box.width <= c.x1);
  });
}

describe('where the face detector looks in a panorama', () => {
  it('uses two inputs, the band in one strip and the caps with the horizon, each piece fitting its canvas, far fewer pixels than seven 512 × 512 looks', () => {
    const canvases = panoramaCanvases();
    expect(canvases).toHaveLength(2);
    for (const canvas of canvases) {
      for (const p of canvas.pieces) {
        expect(p.canvasY + p.layer.height).toBeLessThanOrEqual(canvas.height);
        expect(p.width).toBeLessThanOrEqual(canvas.width);
        // Each piece runs past its layer's seam, so nothing is cut there.
        expect(p.width).toBeGreaterThan(p.layer.width);
      }
    }
    const pixels = canvases.reduce((sum, c) => sum + c.width * c.height, 0);
    expect(pixels / (512 * 512)).toBeLessThanOrEqual(6);
    expect(LAYERS.map((l) => l.name).sort()).toEqual(['band', 'bottom', 'horizon', 'top']);
  });

  it('sees every face of 6° (≈ 70 px) whole somewhere: at the seam, at the horizon, near both poles', () => {
    const missed: string[] = [];
    const size = 6;
    for (let lat = -84; lat <= 84; lat += 1) {
      for (let lon = -180; lon < 180; lon += 2) {
        // An equirectangular face is stretched sideways by 1 / cos(latitude).
        const w = Math.min(360, size / Math.cos((lat * Math.PI) / 180));
        const box = { x: ((lon + 180 - w / 2) / 360) * W, y: ((90 - lat - size / 2) / 180) * H, width: (w / 360) * W, height: (size / 180) * H };
        if (box.y >= 0 && box.y + box.height <= H && !seenWhole(box)) missed.push(`${lon},${lat}`);
      }
    }
    expect(missed.slice(0, 40)).toEqual([]);
  });

  it('maps a box on the band back to panorama pixels, one past the seam too', () => {
    const [band] = panoramaCanvases();
    // Band at 2048 px per 360°: one detector pixel is two panorama pixels; the band starts at 45° up.
    expect(toPanorama({ x: 100, y: 200, width: 40, height: 50 }, band!, W, H)).toEqual({ x: 200, y: 512 + 400, width: 80, height: 100 });
    // Past column 2048 the strip shows its first columns again.
    expect(toPanorama({ x: 2048 + 50, y: 200, width: 40, height: 50 }, band!, W, H)).toEqual({ x: 100, y: 512 + 400, width: 80, height: 100 });
    const seam = toPanorama({ x: 2020, y: 10, width: 60, height: 60 }, band!, W, H)!;
    expect(seam.x).toBe(2020 * 2);
    expect(seam.x + seam.width).toBeGreaterThan(W);
    expect(unwrap({ ...seam, score: 1 }, W).map((b) => [b.x, b.x + b.width])).toEqual([
      [seam.x, W],
      [0, seam.x + seam.width - W],
    ]);
  });

  it('maps a box on the bottom cap into the rows near that pole, one on the horizon strip to the horizon, and ignores the empty part of a canvas', () => {
    const [, caps] = panoramaCanvases();
    const top = toPanorama({ x: 0, y: 0, width: 64, height: 32 }, caps!, W, H)!;
    expect(top).toEqual({ x: 0, y: 0, width: (64 * W) / 768, height: expect.closeTo((32 * (52 / 180) * H) / 200) });
    const low = toPanorama({ x: 10, y: 368, width: 20, height: 32 }, caps!, W, H)!;
    expect(low.y + low.height).toBeCloseTo(H);
    // The horizon strip: 512 px per 360° (8 panorama pixels a pixel), from 39.375° up (row 576 of 2048).
    expect(toPanorama({ x: 100, y: 400 + 50, width: 30, height: 40 }, caps!, W, H)).toEqual({ x: 800, y: 576 + 50 * 8, width: 240, height: 320 });
    // The horizon strip is 576 px wide, the canvas 896: right of it is empty.
    expect(toPanorama({ x: 700, y: 440, width: 20, height: 20 }, caps!, W, H)).toBeNull();
    // A box poking over the piece's edge is clipped to it.
    expect(toPanorama({ x: 10, y: 490, width: 20, height: 40 }, caps!, W, H)!.height).toBeCloseTo(22 * 8);
  });
});
