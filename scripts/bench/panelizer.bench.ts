/**
 * The facade panelizer (issue 19, Measure) on the demo building (scripts/seed/demo-building*.ts,
 * 1.5 M points, converted here as the seed's import converts it): proposal accuracy against the
 * generator's own geometry, and the time to cut an elevation (goal ≤ 1 s).
 *
 * - Floor lines (goal: within 5 cm of 0, 3, 6, 9, 12 m) from two sections: the editor's default
 *   (no line: the server finds the outline, its longest edge's column of windows and cuts across
 *   the building there; points/default-section.ts) and one drawn by hand across the building
 *   through a column of windows.
 * - Outlines (goal: corners within 10 cm) from each storey's full plan slice.
 * - Openings (goal: IoU ≥ 0.8) from each storey's elevation of each of the four true facade edges.
 * - Elevation time: the south facade, whole height, cold (caches emptied; the OS file cache stays
 *   warm) and warm (nodes in the process's LRU), medians of several runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { cutPanelizerPoints } from '../../lib/server/panelizer/points/cut';
import { convertLocally } from '../../lib/server/pointcloud/convert/convert-locally';
import { writeLas } from '../../lib/server/pointcloud/las/writer';
import { clearPotreeCaches } from '../../lib/server/pointcloud/read';
import { createFsStorage } from '../../lib/server/storage/fs-driver';
import type { Storage } from '../../lib/server/storage/types';
import { panelizerPointsQuerySchema } from '../../lib/shared/panelizer/points';
import { proposeFloorLines, proposeOpenings, proposeOutline } from '../../lib/shared/panelizer/proposals';
import { DEMO_BUILDING_BOUNDS, DEMO_BUILDING_ORIGIN, DEMO_BUILDING_POINT_COUNT, generateDemoBuilding } from '../seed/demo-building';
import { DEPTH, EAVES, LENGTH, openingsOf, STOREY_HEIGHT, STOREYS } from '../seed/demo-building-surfaces';
import { percentile } from './stats';

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The facade edges, counter-clockwise from the south-west corner, as the generator builds them. */
const EDGES = [
  { name: 'south', x0: 0, y0: 0, x1: LENGTH, y1: 0 },
  { name: 'east', x0: LENGTH, y0: 0, x1: LENGTH, y1: DEPTH },
  { name: 'north', x0: LENGTH, y0: DEPTH, x1: 0, y1: DEPTH },
  { name: 'west', x0: 0, y0: DEPTH, x1: 0, y1: 0 },
];
const CORNERS: [number, number][] = [[0, 0], [LENGTH, 0], [LENGTH, DEPTH], [0, DEPTH]];
const FLOOR_LINES = Array.from({ length: STOREYS + 1 }, (_, k) => k * STOREY_HEIGHT);

interface TrueOpening { edge: string; left: number; bottom: number; width: number; height: number; kind: 'window' | 'door' }

/** The generator's openings per facade edge (the long south facade has the door). */
function trueOpenings(): TrueOpening[] {
  return EDGES.flatMap((edge) => {
    const length = Math.hypot(edge.x1 - edge.x0, edge.y1 - edge.y0);
    return openingsOf(length, edge.name === 'south').map((o) => ({ edge: edge.name, left: o.left, bottom: o.bottom, width: o.width, height: o.height, kind: o.door ? 'door' : 'window' } as const));
  });
}

function iou(a: { left: number; bottom: number; width: number; height: number }, b: typeof a): number {
  const w = Math.max(0, Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left));
  const h = Math.max(0, Math.min(a.bottom + a.height, b.bottom + b.height) - Math.max(a.bottom, b.bottom));
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

function floorLineScore(proposed: number[]) {
  const errors = FLOOR_LINES.map((z) => Math.min(...proposed.map((p) => Math.abs(p - z)), Infinity));
  return { proposed, met: errors.filter((e) => e <= 0.05).length, of: FLOOR_LINES.length, worstErrorM: round(Math.max(...errors)), extra: Math.max(0, proposed.length - FLOOR_LINES.length) };
}

async function timeElevation(storage: Storage, cold: boolean) {
  const query = panelizerPointsQuerySchema.parse({ view: 'elevation', x0: 0, y0: 0, x1: LENGTH, y1: 0, zMin: 0, zMax: EAVES, depth: 0.5 });
  const samples: number[] = [];
  let points = 0;
  for (let run = 0; run < 5; run++) {
    if (cold) clearPotreeCaches();
    else await cutPanelizerPoints(storage, 'clouds/demo/', DEMO_BUILDING_ORIGIN, query);
    const started = performance.now();
    points = (await cutPanelizerPoints(storage, 'clouds/demo/', DEMO_BUILDING_ORIGIN, query)).count;
    samples.push(performance.now() - started);
  }
  return { medianMs: Math.round(percentile(samples, 50)), maxMs: Math.round(Math.max(...samples)), points };
}

export default async function run(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'argus-bench-panelizer-'));
  const storage = createFsStorage(dir);
  try {
    const las = writeLas({ pointFormat: 2, scale: [0.001, 0.001, 0.001], offset: DEMO_BUILDING_ORIGIN, pointCount: DEMO_BUILDING_POINT_COUNT, bounds: DEMO_BUILDING_BOUNDS, wkt: undefined }, generateDemoBuilding());
    await storage.put('uploads/demo.las', Readable.from(las));
    const converted = await convertLocally({ inputs: [{ key: 'uploads/demo.las' }], storage, workPrefix: 'work/demo/', outputPrefix: 'clouds/demo/', threads: Math.max(1, cpus().length) });
    const cut = (q: Record<string, unknown>) => cutPanelizerPoints(storage, 'clouds/demo/', DEMO_BUILDING_ORIGIN, panelizerPointsQuerySchema.parse(q));

    // Cold: finding where the default section runs (a plan, an elevation and two proposals) is part of opening the editor.
    clearPotreeCaches();
    const started = performance.now();
    const defaultCut = await cut({ view: 'section' });
    const defaultSectionMs = Math.round(performance.now() - started);
    const defaultSection = { ...floorLineScore(proposeFloorLines(defaultCut)), cutColdMs: defaultSectionMs };
    const windowSection = floorLineScore(proposeFloorLines(await cut({ view: 'section', x0: 1.5, y0: -4, x1: 1.5, y1: DEPTH + 4, depth: 1 })));

    const cornerErrors: number[] = [];
    const cornersPerFloor: number[] = [];
    for (let k = 0; k < STOREYS; k++) {
      const outline = proposeOutline(await cut({ view: 'plan', zMin: k * STOREY_HEIGHT, zMax: (k + 1) * STOREY_HEIGHT }));
      cornersPerFloor.push(outline.length);
      for (const [x, y] of CORNERS) cornerErrors.push(Math.min(...outline.map(([px, py]) => Math.hypot(px - x, py - y)), Infinity));
    }

    const truth = trueOpenings();
    const ious: number[] = [];
    let proposedCount = 0;
    let falsePositives = 0;
    let kindsRight = 0;
    for (const edge of EDGES) {
      const length = Math.hypot(edge.x1 - edge.x0, edge.y1 - edge.y0);
      for (let k = 0; k < STOREYS; k++) {
        const [zMin, zMax] = [k * STOREY_HEIGHT, (k + 1) * STOREY_HEIGHT];
        const proposed = proposeOpenings(await cut({ view: 'elevation', x0: edge.x0, y0: edge.y0, x1: edge.x1, y1: edge.y1, zMin, zMax, depth: 0.5 }), length, zMin, zMax);
        proposedCount += proposed.length;
        const wanted = truth.filter((o) => o.edge === edge.name && o.bottom >= zMin && o.bottom < zMax).map((o) => ({ ...o, bottom: o.bottom - zMin }));
        for (const o of wanted) {
          const best = proposed.reduce<{ iou: number; kind?: string }>((top, p) => (iou(o, p) > top.iou ? { iou: iou(o, p), kind: p.kind } : top), { iou: 0 });
          ious.push(best.iou);
          if (best.kind === o.kind) kindsRight++;
        }
        falsePositives += proposed.filter((p) => !wanted.some((o) => iou(o, p) > 0.5)).length;
      }
    }

    return {
      points: converted.points,
      floorLines: { goalM: 0.05, defaultSection, windowSection },
      outlines: { goalM: 0.1, corners: { met: cornerErrors.filter((e) => e <= 0.1).length, of: cornerErrors.length, worstErrorM: round(Math.max(...cornerErrors)) }, cornersPerFloor },
      openings: { goalIoU: 0.8, met: ious.filter((x) => x >= 0.8).length, of: truth.length, worstIoU: round(Math.min(...ious)), meanIoU: round(ious.reduce((s, x) => s + x, 0) / ious.length), kindsRight, proposed: proposedCount, falsePositives },
      elevation: { goalMs: 1000, view: 'south facade, 0–12 m, depth 0.5 m', cold: await timeElevation(storage, true), warm: await timeElevation(storage, false) },
    };
  } finally {
    clearPotreeCaches();
    rmSync(dir, { recursive: true, force: true });
  }
}
