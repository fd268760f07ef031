/*
 * Synthetic point sets with known answers for the proposals: surfaces sampled at a density with
 * a little noise, as a scan of plastered walls, glass, a door and the ground would give.
 */
import type { PanelizerPoints } from '@/lib/shared/panelizer/points';

export type RGB = [number, number, number];
export const PLASTER: RGB = [226, 214, 190];
export const GLASS: RGB = [38, 48, 58];
export const DOOR: RGB = [108, 70, 42];
export const GRASS: RGB = [82, 122, 52];

export class PointSetBuilder {
  private readonly uv: number[] = [];
  private readonly rgb: number[] = [];
  private state: number;

  constructor(seed = 1) {
    this.state = seed >>> 0 || 1;
  }

  random(): number {
    this.state = (Math.imul(this.state, 1664525) + 1013904223) >>> 0;
    return this.state / 2 ** 32;
  }

  point(u: number, v: number, colour: RGB): void {
    this.uv.push(u, v);
    this.rgb.push(...colour.map((c) => Math.max(0, Math.min(255, Math.round(c + (this.random() - 0.5) * 8)))));
  }

  /** Points over the rectangle at `density` per m², except where `skip` says. */
  area(u0: number, u1: number, v0: number, v1: number, density: number, colour: RGB, skip?: (u: number, v: number) => boolean): void {
    const count = Math.round((u1 - u0) * (v1 - v0) * density);
    for (let i = 0; i < count; i++) {
      const u = u0 + this.random() * (u1 - u0);
      const v = v0 + this.random() * (v1 - v0);
      if (!skip?.(u, v)) this.point(u, v, colour);
    }
  }

  /** Points along the segment (a wall seen edge-on or from above), `perMetre` per metre, ±noise across. */
  line(a: [number, number], b: [number, number], perMetre: number, colour: RGB, noise = 0.003, skip?: (t: number) => boolean): void {
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const [nx, ny] = [-(b[1] - a[1]) / length, (b[0] - a[0]) / length];
    for (let i = 0; i < Math.round(length * perMetre); i++) {
      const t = this.random();
      if (skip?.(t * length)) continue;
      const off = (this.random() - 0.5) * 2 * noise;
      this.point(a[0] + (b[0] - a[0]) * t + nx * off, a[1] + (b[1] - a[1]) * t + ny * off, colour);
    }
  }

  build(): PanelizerPoints {
    const count = this.uv.length / 2;
    const uv = Float32Array.from(this.uv);
    let [uMin, uMax, vMin, vMax] = [Infinity, -Infinity, Infinity, -Infinity];
    for (let i = 0; i < count; i++) {
      [uMin, uMax] = [Math.min(uMin, uv[i * 2]!), Math.max(uMax, uv[i * 2]!)];
      [vMin, vMax] = [Math.min(vMin, uv[i * 2 + 1]!), Math.max(vMax, uv[i * 2 + 1]!)];
    }
    return { count, uv, rgb: Uint8Array.from(this.rgb), bounds: count ? { uMin, uMax, vMin, vMax } : { uMin: 0, uMax: 0, vMin: 0, vMax: 0 } };
  }
}
