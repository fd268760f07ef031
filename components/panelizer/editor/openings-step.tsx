'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { OpeningKind, PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { PanelizerPointsQuery } from '@/lib/shared/panelizer/points';
import type { Command, Refusal } from '../model/command';
import { elevationGeometry, type ElevationRef } from '../model/geometry';
import { newId } from '../model/ids';
import { addOpening, updateOpening, type OpeningRect } from '../model/opening-commands';
import { HANDLES, MIN_OPENING_M, handleAt, handlePoint, resizeRect, type Handle } from '../model/opening-resize';
import { SNAP_PIXELS } from '../model/snapping';
import { proposeOpenings, type ProposedOpening } from '@/lib/shared/panelizer/proposals';
import { ProposalList } from './proposal-list';
import { drawFacade, type FacadeRect } from '../render/draw';
import { EditorCanvas, type CanvasPointer } from './editor-canvas';
import { ElevationsList } from './elevations-list';
import { OpeningFields } from './opening-fields';
import { OpeningGroupTool } from './opening-group';
import { PointsNotice } from './points-notice';
import { usePoints, type LoadPoints } from './use-points';
import { useDecimal } from '@/components/ui/use-decimal';
import styles from './panelizer.module.css';

/** How near (pixels) the pointer must be to a handle or side of the selected opening to resize it. */
const HANDLE_PIXELS = 6;
const RESIZE_CURSORS: Record<Handle, string> = { n: 'ns-resize', s: 'ns-resize', e: 'ew-resize', w: 'ew-resize', ne: 'nesw-resize', sw: 'nesw-resize', nw: 'nwse-resize', se: 'nwse-resize' };
const cm = (value: number) => Math.round(value * 100) / 100;

/**
 * Step 3 (spec §2): the elevations list and the selected elevation as the points projected onto
 * its wall. The openings tool draws a window or door as a rectangle (kept inside the wall); a
 * click selects an opening (shift adds), a drag moves it, dragging a selected opening's side or
 * corner resizes it (snapping to the other openings, ctrl off; one command per drag); the arrow
 * keys nudge the selection (editor keyboard); the opening group tool repeats the selection
 * across floors and along the wall.
 */
export function OpeningsStep({
  doc,
  readOnly,
  run,
  loadPoints,
  floorId,
  elevation,
  onElevation,
  selectedIds,
  onSelect,
}: {
  doc: PanelizerDocument;
  readOnly: boolean;
  run: (command: Command) => Refusal | null;
  loadPoints: LoadPoints;
  floorId: string | null;
  elevation: ElevationRef | null;
  onElevation: (ref: ElevationRef) => void;
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
}) {
  const t = useTranslations('panelizer.editor.openings');
  const [kind, setKind] = useState<OpeningKind>('window');
  const geometry = elevation ? elevationGeometry(doc, elevation) : undefined;
  const query = useMemo<PanelizerPointsQuery | null>(
    () =>
      geometry
        ? { view: 'elevation', x0: geometry.start.x, y0: geometry.start.y, x1: geometry.end.x, y1: geometry.end.y, zMin: geometry.bottom, zMax: geometry.bottom + geometry.height, depth: 0.5, limit: 400_000 }
        : null,
    [geometry],
  );
  const points = usePoints(loadPoints, query);
  const [draft, setDraft] = useState<{ from: [number, number]; to: [number, number] } | null>(null);
  const [move, setMove] = useState<{ id: string; du: number; dv: number } | null>(null);
  const grab = useRef<[number, number] | null>(null);
  const [resize, setResize] = useState<{ id: string; handle: Handle; from: OpeningRect; to: OpeningRect } | null>(null);
  const [hoverHandle, setHoverHandle] = useState<Handle | null>(null);
  const tp = useTranslations('panelizer.editor.proposals');
  const decimal = useDecimal();
  const refKey = geometry ? `${geometry.floorId}/${geometry.outlineId}/${geometry.edgeId}` : '';
  const [proposal, setProposal] = useState<{ ref: string; items: ProposedOpening[] } | null>(null);
  const proposed = proposal && proposal.ref === refKey ? proposal.items : null;
  const proposedRects = useMemo(() => (proposed && geometry ? proposed.map((p) => ({ u: p.left, v: geometry.bottom + p.bottom, width: p.width, height: p.height })) : []), [proposed, geometry]);

  const openings = useMemo(
    () =>
      geometry
        ? doc.openings
            .filter((o) => o.floorId === geometry.floorId && o.outlineId === geometry.outlineId && o.edgeId === geometry.edgeId)
            .map((o) => {
              if (resize?.id === o.id) return { id: o.id, kind: o.kind, u: resize.to.left, v: geometry.bottom + resize.to.bottom, width: resize.to.width, height: resize.to.height };
              const shift = move?.id === o.id ? move : { du: 0, dv: 0 };
              return { id: o.id, kind: o.kind, u: o.left + shift.du, v: geometry.bottom + o.bottom + shift.dv, width: o.width, height: o.height };
            })
        : [],
    [doc.openings, geometry, move, resize],
  );
  const draftRect = useMemo<FacadeRect | null>(() => {
    if (!draft || !geometry) return null;
    const clampU = (u: number) => Math.max(0, Math.min(geometry.length, u));
    const clampV = (v: number) => Math.max(geometry.bottom, Math.min(geometry.bottom + geometry.height, v));
    const [u0, u1] = [clampU(draft.from[0]), clampU(draft.to[0])].sort((a, b) => a - b) as [number, number];
    const [v0, v1] = [clampV(draft.from[1]), clampV(draft.to[1])].sort((a, b) => a - b) as [number, number];
    return { u: cm(u0), v: cm(v0), width: cm(u1 - u0), height: cm(v1 - v0) };
  }, [draft, geometry]);

  const selectedSet = useMemo(() => new Set(selectedIds), [selectedIds]);
  // Handles only on a lone selected opening: resizing several at once has no one meaning.
  const handled = !readOnly && selectedIds.length === 1 ? (openings.find((o) => o.id === selectedIds[0]) ?? null) : null;
  const handledRect = useMemo<OpeningRect | null>(() => (handled && geometry ? { left: handled.u, bottom: handled.v - geometry.bottom, width: handled.width, height: handled.height } : null), [handled, geometry]);
  const handles = useMemo(() => (handledRect && geometry ? HANDLES.map((h) => { const [u, v] = handlePoint(handledRect, h); return [u, geometry.bottom + v] as const; }) : []), [handledRect, geometry]);
  const handleUnder = (p: CanvasPointer): Handle | null =>
    handledRect && geometry ? handleAt(handledRect, [p.world[0], p.world[1] - geometry.bottom], HANDLE_PIXELS / p.transform.scale) : null;
  const draw = useCallback(
    (context: CanvasRenderingContext2D, transform: Parameters<typeof drawFacade>[1]) =>
      geometry &&
      drawFacade(context, transform, {
        elevations: [{ u: 0, v: geometry.bottom, width: geometry.length, height: geometry.height, selected: true }],
        openings,
        selectedOpeningIds: selectedSet,
        draft: draftRect,
        proposed: proposedRects,
        handles,
      }),
    [geometry, openings, selectedSet, draftRect, proposedRects, handles],
  );

  const onDown = (p: CanvasPointer) => {
    if (p.button !== 0 || !geometry) return;
    const [u, v] = p.world;
    const handle = p.shiftKey ? null : handleUnder(p);
    if (handle && handledRect && handled) {
      setResize({ id: handled.id, handle, from: handledRect, to: handledRect });
      return;
    }
    const hit = [...openings].reverse().find((o) => u >= o.u && u <= o.u + o.width && v >= o.v && v <= o.v + o.height);
    if (hit) {
      onSelect(p.shiftKey ? (selectedSet.has(hit.id) ? selectedIds.filter((id) => id !== hit.id) : [...selectedIds, hit.id]) : [hit.id]);
      if (!readOnly) {
        grab.current = [u, v];
        setMove({ id: hit.id, du: 0, dv: 0 });
      }
      return;
    }
    onSelect([]);
    if (!readOnly) setDraft({ from: [u, v], to: [u, v] });
  };

  const bounds = geometry ? { uMin: 0, uMax: geometry.length, vMin: geometry.bottom, vMax: geometry.bottom + geometry.height } : null;
  const selected = doc.openings.filter((o) => selectedSet.has(o.id));

  return (
    <div className={styles.openingsStep}>
      <ElevationsList doc={doc} floorId={floorId} selected={elevation} onSelect={onElevation} />
      {geometry ? (
        <>
          <div className={styles.view}>
            <EditorCanvas
              label={t('elevation')}
              testId="panelizer-elevation"
              info={{ openings: openings.length }}
              image={points.image}
              bounds={bounds}
              fitKey={`${geometry.floorId}/${geometry.outlineId}/${geometry.edgeId}-${points.points ? 'points' : 'frame'}`}
              draw={draw}
              onDown={onDown}
              cursor={resize ? RESIZE_CURSORS[resize.handle] : hoverHandle ? RESIZE_CURSORS[hoverHandle] : undefined}
              onMove={(p) => {
                if (resize) {
                  const others = doc.openings.filter((o) => o.id !== resize.id && o.floorId === geometry.floorId && o.outlineId === geometry.outlineId && o.edgeId === geometry.edgeId);
                  const to = resizeRect(resize.from, resize.handle, [p.world[0], p.world[1] - geometry.bottom], { length: geometry.length, height: geometry.height, others, snapRadius: p.noSnap ? 0 : SNAP_PIXELS / p.transform.scale });
                  setResize({ ...resize, to });
                } else if (!draft && !move) setHoverHandle(handleUnder(p));
                if (draft) setDraft({ ...draft, to: [p.world[0], p.world[1]] });
                else if (move && grab.current) setMove({ ...move, du: cm(p.world[0] - grab.current[0]), dv: cm(p.world[1] - grab.current[1]) });
              }}
              onUp={() => {
                if (draft && draftRect && draftRect.width >= MIN_OPENING_M && draftRect.height >= MIN_OPENING_M) {
                  const id = newId('w');
                  const added = { id, floorId: geometry.floorId, outlineId: geometry.outlineId, edgeId: geometry.edgeId, kind, left: draftRect.u, bottom: cm(draftRect.v - geometry.bottom), width: draftRect.width, height: draftRect.height };
                  // The new opening is selected: its exact size can be typed right away.
                  if (!run(addOpening(added))) onSelect([id]);
                }
                if (move && (move.du !== 0 || move.dv !== 0)) {
                  const o = doc.openings.find((x) => x.id === move.id);
                  if (o) run(updateOpening(o.id, { left: cm(o.left + move.du), bottom: cm(o.bottom + move.dv) }));
                }
                if (resize) {
                  const { from, to } = resize;
                  if (from.left !== to.left || from.bottom !== to.bottom || from.width !== to.width || from.height !== to.height) run(updateOpening(resize.id, to));
                }
                setResize(null);
                setDraft(null);
                setMove(null);
                grab.current = null;
              }}
            />
            <PointsNotice loading={points.loading} failed={points.failed} retry={points.retry} />
          </div>
          <div className={styles.sidePanel}>
            {!readOnly && (
              <div role="group" aria-label={t('tool')} className={styles.tools}>
                {(['window', 'door'] as const).map((k) => (
                  <button key={k} type="button" aria-pressed={kind === k} onClick={() => setKind(k)}>
                    {t(k)}
                  </button>
                ))}
              </div>
            )}
            {!readOnly && (
              <button
                type="button"
                disabled={!points.points}
                onClick={() => setProposal({ ref: refKey, items: proposeOpenings(points.points!, geometry.length, geometry.bottom, geometry.bottom + geometry.height) })}
              >
                {tp('proposeOpenings')}
              </button>
            )}
            {!readOnly && proposed ? (
              <ProposalList
                title={tp('openings')}
                items={proposed.map((p, i) => ({ key: String(i), label: tp('opening', { kind: t(p.kind), left: decimal(p.left), width: decimal(p.width), height: decimal(p.height) }) }))}
                onAccept={(key) => {
                  const p = proposed[Number(key)]!;
                  const refusal = run(addOpening({ floorId: geometry.floorId, outlineId: geometry.outlineId, edgeId: geometry.edgeId, ...p }));
                  if (!refusal) setProposal((current) => current && { ...current, items: current.items.filter((x) => x !== p) });
                }}
                onReject={(key) => setProposal((current) => current && { ...current, items: current.items.filter((x) => x !== proposed[Number(key)]) })}
                onClose={() => setProposal(null)}
              />
            ) : null}
            <p className={styles.help}>{t(readOnly ? 'readOnlyHelp' : 'help', { length: decimal(geometry.length), height: decimal(geometry.height) })}</p>
            {selected.length === 1 ? <OpeningFields opening={selected[0]!} readOnly={readOnly} run={run} /> : null}
            {!readOnly && selected.length > 0 ? <OpeningGroupTool key={selectedIds.join()} doc={doc} selected={selected} run={run} /> : null}
          </div>
        </>
      ) : (
        <p className={styles.stepEmpty}>{t('pickElevation')}</p>
      )}
    </div>
  );
}
