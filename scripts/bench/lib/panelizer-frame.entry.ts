/**
 * Runs inside Chromium for panelizer-editor.bench.ts: the editor's own draw functions (the CPU
 * renderer, Canvas 2D) on a scene of 50 floors and 2 000 openings, frame after frame.
 */
import { clear, drawFacade, drawPlan, drawSection, type FacadeScene, type PlanScene, type SectionScene } from '@/components/panelizer/render/draw';
import { rasterizePoints } from '@/components/panelizer/render/point-image';
import { fit, zoomAbout, type ViewTransform } from '@/components/panelizer/render/view-transform';

interface Figures {
  rasterizeMs: number;
  frames: Record<'section' | 'plan' | 'facade', number[]>;
}

function run(options: { floors: number; openings: number; points: number; frames: number; width: number; height: number }): Figures {
  const { floors, openings, width, height } = options;
  const storey = 3;
  const perFloor = Math.ceil(openings / floors);
  const length = perFloor * 3;
  // A point set the size the server sends (400 000 by default): the facade, with its windows as gaps.
  const uv = new Float32Array(options.points * 2);
  const rgb = new Uint8Array(options.points * 3);
  for (let i = 0; i < options.points; i++) {
    uv[2 * i] = Math.random() * length;
    uv[2 * i + 1] = Math.random() * floors * storey;
    rgb.set([200 + Math.random() * 40, 190 + Math.random() * 30, 170], 3 * i);
  }
  const points = { count: options.points, uv, rgb, bounds: { uMin: 0, uMax: length, vMin: 0, vMax: floors * storey } };
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.append(canvas);
  const context = canvas.getContext('2d')!;

  const started = performance.now();
  const image = rasterizePoints(points)!;
  const rasterizeMs = performance.now() - started;

  const section: SectionScene = { lines: Array.from({ length: floors + 1 }, (_, i) => ({ id: `l${i}`, z: i * storey })), selectedLineId: 'l3', advisedZ: 8.9 };
  // One floor's plan (the plan view shows one floor): a building outline of 200 corners and 9 balconies of 50, the floor below faint.
  const ringOf = (n: number, rx: number, ry: number, cx = 0, cy = 0) => Array.from({ length: n }, (_, i) => [cx + Math.cos((i / n) * 2 * Math.PI) * rx, cy + Math.sin((i / n) * 2 * Math.PI) * ry] as const);
  const ring = ringOf(200, length / 2, 10);
  const plan: PlanScene = {
    outlines: [
      { id: 'o0', kind: 'building', points: ring },
      ...Array.from({ length: 9 }, (_, k) => ({ id: `o${k + 1}`, kind: 'balcony' as const, points: ringOf(50, 1.5, 0.8, -length / 2 + 6 + k * (length / 10), -11) })),
    ],
    ghosts: [ring],
    selectedOutlineId: 'o0',
    draft: ring.slice(0, 20),
    cursor: [1, 1],
    snapped: true,
  };
  const facade: FacadeScene = {
    elevations: Array.from({ length: floors }, (_, f) => ({ u: 0, v: f * storey, width: length, height: storey, selected: f === 0 })),
    openings: Array.from({ length: openings }, (_, i) => ({ id: `w${i}`, kind: i % 40 === 0 ? 'door' : 'window', u: (i % perFloor) * 3 + 0.9, v: Math.floor(i / perFloor) * storey + 0.9, width: 1.2, height: 1.4 })),
    selectedOpeningIds: new Set(Array.from({ length: 40 }, (_, i) => `w${i}`)),
    draft: { u: 1, v: 1, width: 2, height: 2 },
  };
  const views = {
    section: (t: ViewTransform) => drawSection(context, t, width, section),
    plan: (t: ViewTransform) => drawPlan(context, t, plan),
    facade: (t: ViewTransform) => drawFacade(context, t, facade),
  };
  const frames: Figures['frames'] = { section: [], plan: [], facade: [] };
  for (const name of ['section', 'plan', 'facade'] as const) {
    let t = fit(points.bounds, width, height);
    for (let frame = 0; frame < options.frames; frame++) {
      // The camera moves a little every frame, as while the user zooms.
      t = zoomAbout(t, [width / 2, height / 2], frame % 2 === 0 ? 1.01 : 1 / 1.01);
      const begin = performance.now();
      clear(context, width, height, image, t);
      views[name](t);
      // Reading a pixel makes Chromium finish drawing now, not at its next paint.
      context.getImageData(0, 0, 1, 1);
      frames[name].push(performance.now() - begin);
    }
  }
  return { rasterizeMs, frames };
}

(window as unknown as { panelizerFrameBench: typeof run }).panelizerFrameBench = run;
