'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import { useDecimal } from '@/components/ui/use-decimal';
import type { OutlineKind, PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { XY } from '@/lib/shared/panelizer/polygon';
import type { Command, Refusal } from '../model/command';
import { floorsOf, planById, planFrame, xy } from '../model/geometry';
import { newId } from '../model/ids';
import { addOutline, addOutlinePoint, moveOutlinePoint, removeOutlinePoint } from '../model/outline-commands';
import { SNAP_PIXELS, snap } from '../model/snapping';
import { proposeOutline } from '@/lib/shared/panelizer/proposals';
import { ProposalList } from './proposal-list';
import { drawPlan } from '../render/draw';
import { EditorCanvas, type CanvasPointer } from './editor-canvas';
import { FloorTools } from './floor-tools';
import { PointsNotice } from './points-notice';
import { SliceModeSwitch, sliceQuery, type SliceMode } from './slice-view';
import { usePoints, type LoadPoints } from './use-points';
import styles from './panelizer.module.css';

export type WallTool = OutlineKind;

function inside(p: XY, polygon: readonly XY[]): boolean {
  let hit = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [a, b] = [polygon[i]!, polygon[j]!];
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) hit = !hit;
  }
  return hit;
}

/**
 * The selected corner as the keyboard needs it (step 2): its outline and where a corner inserted
 * after it goes, halfway along the next edge. Null when nothing (or nothing on this floor) is selected.
 */
export function cornerOf(doc: PanelizerDocument, floorId: string, outlineId: string | null, cornerId: string | null) {
  const floor = doc.floors.find((f) => f.id === floorId);
  const outline = floor && planById(doc, floor.planId)?.outlines.find((o) => o.id === outlineId);
  const index = outline ? outline.points.findIndex((v) => v.id === cornerId) : -1;
  if (!outline || index < 0) return null;
  const vertex = outline.points[index]!;
  const next = outline.points[(index + 1) % outline.points.length]!;
  return { outline, vertex, index, midpoint: [(vertex.x + next.x) / 2, (vertex.y + next.y) / 2] as XY };
}

/**
 * Step 2 (spec §2): the selected floor's top-down slice and its outlines. The building tool (1)
 * and the balcony tool (2) draw one polygon per outline: click adds a point, a click on the
 * first point closes it; clicks snap to slice points, corners and edges unless ctrl is held.
 * Right click deletes a corner (or the last point drawn); dragging a corner moves it; alt-click
 * on an edge inserts a corner; a click inside an outline selects it. Without a pointer, the side
 * panel's outline and corner buttons select a corner, which the arrow keys move, Delete removes
 * and I (or Insert) follows with a new corner (the keys are the editor's, see shortcuts.ts).
 */
export function WallsStep({
  doc,
  readOnly,
  run,
  loadPoints,
  floorId,
  tool,
  onTool,
  sliceMode,
  onSliceMode,
  draft,
  onDraft,
  selectedOutlineId,
  onSelectOutline,
  selectedCornerId = null,
  onSelectCorner = () => {},
}: {
  doc: PanelizerDocument;
  readOnly: boolean;
  run: (command: Command) => Refusal | null;
  loadPoints: LoadPoints;
  floorId: string | null;
  tool: WallTool;
  onTool: (tool: WallTool) => void;
  sliceMode: SliceMode;
  onSliceMode: (mode: SliceMode) => void;
  draft: XY[];
  onDraft: (draft: XY[]) => void;
  selectedOutlineId: string | null;
  onSelectOutline: (id: string | null) => void;
  selectedCornerId?: string | null;
  onSelectCorner?: (outlineId: string, cornerId: string) => void;
}) {
  const t = useTranslations('panelizer.editor.walls');
  const tp = useTranslations('panelizer.editor.proposals');
  const decimal = useDecimal();
  const query = useMemo(() => sliceQuery(doc, floorId, sliceMode), [doc, floorId, sliceMode]);
  const slice = usePoints(loadPoints, query);
  const floors = floorsOf(doc);
  const floor = floors.find((f) => f.id === floorId);
  const outlines = useMemo(() => (floor ? (planById(doc, floor.planId)?.outlines ?? []) : []), [doc, floor]);
  const below = floor ? floors[floor.index - 1] : undefined;
  const ghosts = useMemo(() => (below && below.planId !== floor?.planId ? (planById(doc, below.planId)?.outlines ?? []).map((o) => o.points.map(xy)) : []), [doc, below, floor]);
  const [cursor, setCursor] = useState<{ point: XY; snapped: boolean } | null>(null);
  const [drag, setDrag] = useState<{ outlineId: string; vertexId: string; point: XY } | null>(null);
  const [proposal, setProposal] = useState<{ floorId: string; ring: XY[] } | null>(null);
  const proposed = proposal && proposal.floorId === floorId ? proposal.ring : null;

  const shown = useMemo(
    () =>
      outlines.map((o) => ({
        id: o.id,
        kind: o.kind,
        points: o.points.map((v): XY => (drag && drag.outlineId === o.id && drag.vertexId === v.id ? drag.point : xy(v))),
      })),
    [outlines, drag],
  );

  const snapped = (p: CanvasPointer, exceptVertex?: string) => {
    if (p.noSnap) return { point: p.world as XY, snapped: false };
    const vertices = [...outlines.flatMap((o) => o.points.filter((v) => v.id !== exceptVertex).map(xy)), ...ghosts.flat(), ...draft];
    const edges = [...outlines, ...ghosts.map((g) => ({ points: g.map(([x, y]) => ({ x, y, id: '' })) }))].flatMap((o) =>
      o.points.filter((v) => v.id !== exceptVertex || v.id === '').map((v, i, all) => [xy(v), xy(all[(i + 1) % all.length]!)] as const),
    );
    const result = snap(p.world, { vertices, edges, points: slice.grid }, SNAP_PIXELS / p.transform.scale);
    return { point: result.point, snapped: result.kind !== null };
  };

  const vertexAt = (p: CanvasPointer) => {
    const reach = SNAP_PIXELS / p.transform.scale;
    for (const o of outlines) for (const v of o.points) if (Math.hypot(v.x - p.world[0], v.y - p.world[1]) <= reach) return { outline: o, vertex: v };
    return null;
  };

  const onDown = (p: CanvasPointer) => {
    if (readOnly || !floor) return;
    if (p.button === 2) {
      if (draft.length > 0) return onDraft(draft.slice(0, -1));
      const hit = vertexAt(p);
      if (hit) run(removeOutlinePoint(floor.id, hit.outline.id, hit.vertex.id));
      return;
    }
    if (p.button !== 0) return;
    if (draft.length === 0) {
      const hit = vertexAt(p);
      if (hit) {
        onSelectCorner(hit.outline.id, hit.vertex.id);
        setDrag({ outlineId: hit.outline.id, vertexId: hit.vertex.id, point: xy(hit.vertex) });
        return;
      }
      const reach = SNAP_PIXELS / p.transform.scale;
      const onEdge = outlines.flatMap((o) => o.points.map((v, i) => ({ o, v, next: o.points[(i + 1) % o.points.length]! })));
      if (p.shiftKey) {
        const edge = onEdge.find(({ v, next }) => distanceToSegment(p.world, xy(v), xy(next)) <= reach);
        if (edge) {
          const id = newId('v');
          if (!run(addOutlinePoint(floor.id, edge.o.id, edge.v.id, p.world[0], p.world[1], id))) {
            onSelectCorner(edge.o.id, id);
            setDrag({ outlineId: edge.o.id, vertexId: id, point: p.world });
          }
          return;
        }
      }
      const within = [...outlines].reverse().find((o) => inside(p.world, o.points.map(xy)));
      if (within) return onSelectOutline(within.id);
      onSelectOutline(null);
    }
    const first = draft[0];
    if (first && draft.length >= 3 && Math.hypot(first[0] - p.world[0], first[1] - p.world[1]) <= SNAP_PIXELS / p.transform.scale) {
      const id = newId('o');
      if (!run(addOutline(floor.id, tool, draft, id))) {
        onDraft([]);
        onSelectOutline(id);
      }
      return;
    }
    onDraft([...draft, snapped(p).point]);
  };

  const corner = floor ? cornerOf(doc, floor.id, selectedOutlineId, selectedCornerId) : null;
  const cornerPoint = corner && (shown.find((o) => o.id === corner.outline.id)?.points[corner.index] ?? null);
  const selectedOutline = outlines.find((o) => o.id === selectedOutlineId);

  const draw = useCallback(
    (context: CanvasRenderingContext2D, transform: Parameters<typeof drawPlan>[1]) =>
      drawPlan(context, transform, { outlines: shown, ghosts, selectedOutlineId, draft, cursor: readOnly ? null : (cursor?.point ?? null), snapped: cursor?.snapped ?? false, proposed, selectedCorner: cornerPoint }),
    [shown, ghosts, selectedOutlineId, draft, cursor, readOnly, proposed, cornerPoint],
  );

  if (!floor) return <p className={styles.stepEmpty}>{t('noFloors')}</p>;
  return (
    <div className={styles.wallsStep}>
      <div className={styles.view}>
        <EditorCanvas
          label={t('plan')}
          testId="panelizer-plan"
          info={{ outlines: outlines.length, vertices: outlines.reduce((n, o) => n + o.points.length, 0), draft: draft.length }}
          image={slice.image}
          bounds={slice.points?.bounds ?? planFrame(doc)}
          fitKey={`plan-${floor.id}-${slice.points ? 'points' : 'frame'}`}
          draw={draw}
          onDown={onDown}
          onMove={(p) => {
            if (drag) return setDrag({ ...drag, point: snapped(p, drag.vertexId).point });
            if (!readOnly) setCursor(snapped(p));
          }}
          onUp={() => {
            if (drag && floor) {
              const vertex = outlines.find((o) => o.id === drag.outlineId)?.points.find((v) => v.id === drag.vertexId);
              if (vertex && (vertex.x !== drag.point[0] || vertex.y !== drag.point[1])) run(moveOutlinePoint(floor.id, drag.outlineId, drag.vertexId, drag.point[0], drag.point[1]));
            }
            setDrag(null);
          }}
        />
        <PointsNotice loading={slice.loading} failed={slice.failed} retry={slice.retry} />
      </div>
      <div className={styles.sidePanel}>
        <SliceModeSwitch mode={sliceMode} onMode={onSliceMode} />
        {!readOnly && (
          <>
            <div role="group" aria-label={t('tools')} className={styles.tools}>
              {(['building', 'balcony'] as const).map((kind, i) => (
                <button key={kind} type="button" aria-pressed={tool === kind} onClick={() => onTool(kind)} aria-keyshortcuts={String(i + 1)}>
                  {t(`tool.${kind}`)}
                </button>
              ))}
            </div>
            <p className={styles.help}>{t(draft.length > 0 ? 'drawingHelp' : 'help')}</p>
            {outlines.length > 0 && (
              <div role="group" aria-label={t('outlines')} className={styles.choices}>
                {outlines.map((o, i) => (
                  <button key={o.id} type="button" aria-pressed={o.id === selectedOutlineId} onClick={() => onSelectOutline(o.id)}>
                    {t('outlineItem', { kind: t(`tool.${o.kind}`), number: i + 1 })}
                  </button>
                ))}
              </div>
            )}
            {selectedOutline && (
              <>
                <div role="group" aria-label={t('corners')} className={styles.choices}>
                  {selectedOutline.points.map((v, i) => (
                    <button key={v.id} type="button" aria-pressed={v.id === corner?.vertex.id} onClick={() => onSelectCorner(selectedOutline.id, v.id)}>
                      {t('cornerItem', { number: i + 1 })}
                    </button>
                  ))}
                </div>
                <p className={styles.help} role="status" data-testid="panelizer-corner">
                  {corner ? t('cornerAt', { number: corner.index + 1, x: decimal(corner.vertex.x), y: decimal(corner.vertex.y) }) : ''}
                </p>
                <p className={styles.help}>{t('cornerKeys')}</p>
              </>
            )}
            <button type="button" disabled={!slice.points} onClick={() => setProposal({ floorId: floor.id, ring: proposeOutline(slice.points!) })}>
              {tp('proposeOutline')}
            </button>
            {proposed ? (
              <ProposalList
                title={tp('outlines')}
                items={proposed.length >= 3 ? [{ key: 'outline', label: tp('outline', { corners: proposed.length }) }] : []}
                onAccept={() => {
                  const id = newId('o');
                  if (!run(addOutline(floor.id, tool, proposed, id))) {
                    setProposal(null);
                    onSelectOutline(id);
                  }
                }}
                onEdit={() => {
                  onDraft(proposed);
                  setProposal(null);
                }}
                onReject={() => setProposal(null)}
                onClose={() => setProposal(null)}
              />
            ) : null}
          </>
        )}
        <FloorTools doc={doc} floorId={floor.id} readOnly={readOnly} run={run} selectedOutlineId={selectedOutlineId} onSelectOutline={onSelectOutline} />
      </div>
    </div>
  );
}

function distanceToSegment(p: readonly [number, number], a: XY, b: XY): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const l = dx * dx + dy * dy;
  const t = l === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l));
  return Math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]);
}
