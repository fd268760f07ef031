import 'server-only';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import { elevationsOf } from '@/lib/shared/panelizer/elevations';
import type { PanelizerResults } from '@/lib/shared/panelizer/results';
import type { Locale } from '@/lib/shared/locale';
import { Writer } from '../../measurements/export/dxf';
import { exportTexts, facadeLabel, floorLabel } from './schedule-table';

/*
 * The export as an AutoCAD R12 DXF in local metres (issue 19 point 6). Floor plans: each floor's
 * outlines as closed polylines at the floor's height, one layer per floor (PLAN_01 …). Elevations:
 * each facade unfolded into the x–z plane below the plans, one layer per facade (ELEVATION_SOUTH,
 * ELEVATION_SOUTH_2 …): every storey's wall rectangle, its windows and doors on WINDOWS and DOORS,
 * and the facade's name as TEXT.
 */

const GAP = 5;
const TEXT = 0.3;

const layerName = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_|_$/g, '');

export function panelizerDxf(doc: PanelizerDocument, results: PanelizerResults, locale: Locale): string {
  const t = exportTexts(locale);
  const { elevations, facades } = elevationsOf(doc);
  const planLayers = doc.floors.map((_, i) => `PLAN_${String(i + 1).padStart(2, '0')}`);
  const facadeLayers = new Map(facades.map((f) => [f.id, `ELEVATION_${layerName(`${f.kind === 'balcony' ? 'BALCONY ' : ''}${f.direction.replace(/([A-Z])/g, '_$1')}${f.index > 1 ? ` ${f.index}` : ''}`)}`]));
  const layers = [...planLayers, ...facadeLayers.values(), 'WINDOWS', 'DOORS'];

  const w = new Writer();
  w.pair(999, 'Argus facade panelizer; local metres');
  w.pair(0, 'SECTION');
  w.pair(2, 'HEADER');
  w.pair(9, '$ACADVER');
  w.pair(1, 'AC1009');
  w.pair(9, '$MEASUREMENT');
  w.pair(70, 1);
  w.pair(0, 'ENDSEC');
  w.pair(0, 'SECTION');
  w.pair(2, 'TABLES');
  w.pair(0, 'TABLE');
  w.pair(2, 'LAYER');
  w.pair(70, layers.length);
  layers.forEach((layer, i) => {
    w.pair(0, 'LAYER');
    w.pair(2, layer);
    w.pair(70, 0);
    w.pair(62, (i % 7) + 1);
    w.pair(6, 'CONTINUOUS');
  });
  w.pair(0, 'ENDTAB');
  w.pair(0, 'ENDSEC');
  w.pair(0, 'SECTION');
  w.pair(2, 'ENTITIES');

  // Floor plans, each floor at its own height, so the stack reads as the building in 3D.
  let minY = 0;
  const floorNames = new Map(results.floors.map((f) => [f.id, floorLabel(t, f)]));
  doc.floors.forEach((floor, i) => {
    const z = doc.floorLines.find((l) => l.id === floor.id)?.z ?? 0;
    const plan = doc.plans.find((p) => p.id === floor.planId);
    for (const outline of plan?.outlines ?? []) {
      w.polyline(planLayers[i]!, outline.points.map((v) => [v.x, v.y, z]), true);
      minY = Math.min(minY, ...outline.points.map((v) => v.y));
    }
    const first = plan?.outlines[0]?.points[0];
    if (first) w.text(planLayers[i]!, [first.x, first.y, z], TEXT, floorNames.get(floor.id) ?? '');
  });

  // Elevations: each facade unfolded along its own direction, side by side below the plans.
  const top = Math.max(0, ...elevations.map((e) => e.top));
  const bottom = Math.min(0, ...elevations.map((e) => e.bottom));
  const baseY = minY - GAP - (top - bottom);
  let cursor = 0;
  const byId = new Map(elevations.map((e) => [e.id, e]));
  for (const facade of facades) {
    const own = facade.elevationIds.map((id) => byId.get(id)!);
    const first = own[0]!;
    const dir = [(first.end.x - first.start.x) / first.length, (first.end.y - first.start.y) / first.length];
    const along = (p: { x: number; y: number }) => p.x * dir[0]! + p.y * dir[1]!;
    const from = Math.min(...own.map((e) => along(e.start)));
    const to = Math.max(...own.map((e) => along(e.end)));
    const layer = facadeLayers.get(facade.id)!;
    const result = results.facades.find((f) => f.id === facade.id);
    w.text(layer, [cursor, baseY + bottom - 2 * TEXT, 0], TEXT, result ? facadeLabel(t, result) : facade.name);
    for (const e of own) {
      const x = cursor + along(e.start) - from;
      const rect = (left: number, low: number, width: number, height: number) => [
        [x + left, baseY + low, 0], [x + left + width, baseY + low, 0], [x + left + width, baseY + low + height, 0], [x + left, baseY + low + height, 0],
      ];
      w.polyline(layer, rect(0, e.bottom, e.length, e.height), true);
      for (const o of doc.openings) {
        if (`${o.floorId}/${o.outlineId}/${o.edgeId}` !== e.id) continue;
        w.polyline(o.kind === 'door' ? 'DOORS' : 'WINDOWS', rect(o.left, e.bottom + o.bottom, o.width, o.height), true);
      }
    }
    cursor += to - from + GAP;
  }
  w.pair(0, 'ENDSEC');
  w.pair(0, 'EOF');
  return w.toString();
}
