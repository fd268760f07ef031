'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FLOOR_LINE_ABOVE_WINDOW_M, type PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { PanelizerPointsQuery, SectionLine } from '@/lib/shared/panelizer/points';
import { floorLineAdvice } from '../model/advice';
import { proposeFloorLines } from '@/lib/shared/panelizer/proposals';
import { MIN_FLOOR_LINE_GAP, addFloorLine, moveFloorLine } from '../model/floor-commands';
import { ProposalList } from './proposal-list';
import type { Command, Refusal } from '../model/command';
import { newId } from '../model/ids';
import { drawSection } from '../render/draw';
import { EditorCanvas, type CanvasPointer } from './editor-canvas';
import { PointsNotice } from './points-notice';
import { SliceView, type SliceMode } from './slice-view';
import { usePoints, type LoadPoints } from './use-points';
import { useDecimal } from '@/components/ui/use-decimal';
import styles from './panelizer.module.css';

const formatLine = (line: SectionLine | undefined) => (line ? `${line.x0},${line.y0},${line.x1},${line.y1}` : 'points');

/** How near (pixels) a click must be to a floor line to pick it rather than place a new one. */
const PICK_PIXELS = 6;
const SECTION_QUERY: PanelizerPointsQuery = { view: 'section', depth: 1, limit: 400_000 };

/**
 * Step 1 (spec §2): the vertical section with the floor lines. Click places a line, dragging one
 * moves it (one command when released), arrows nudge the selected one (editor keyboard). Beside
 * it, the selected floor's horizontal slice, narrow or full (before any line, a band low in the
 * cloud), with the section's line on it: dragging the line or an end cuts the section there.
 */
export function FloorsStep({
  doc,
  readOnly,
  run,
  loadPoints,
  selectedLineId,
  onSelectLine,
  sliceMode,
  onSliceMode,
  sectionLine,
  onSectionLine,
}: {
  doc: PanelizerDocument;
  readOnly: boolean;
  run: (command: Command) => Refusal | null;
  loadPoints: LoadPoints;
  selectedLineId: string | null;
  onSelectLine: (id: string | null) => void;
  sliceMode: SliceMode;
  onSliceMode: (mode: SliceMode) => void;
  /** The line the user put the section on; null: the server's choice. */
  sectionLine: SectionLine | null;
  onSectionLine: (line: SectionLine) => void;
}) {
  const t = useTranslations('panelizer.editor');
  const decimal = useDecimal();
  const sectionQuery = useMemo<PanelizerPointsQuery>(() => (sectionLine ? { view: 'section', depth: 1, limit: 400_000, ...sectionLine } : SECTION_QUERY), [sectionLine]);
  const section = usePoints(loadPoints, sectionQuery);
  // Before any floor line, the plan beside shows the band 1–3 m above the first section's lowest
  // point; kept when the section moves, so the plan does not jump under the line being dragged.
  const [band, setBand] = useState<{ zMin: number; zMax: number } | null>(null);
  const lowest = section.points && section.points.count > 0 ? section.points.bounds.vMin : null;
  useEffect(() => {
    if (!band && lowest !== null) setBand({ zMin: lowest + 1, zMax: lowest + 3 });
  }, [band, lowest]);
  const [drag, setDrag] = useState<{ id: string; z: number } | null>(null);
  const [proposed, setProposed] = useState<number[] | null>(null);
  const dropProposal = (z: number) => setProposed((list) => (list ? list.filter((p) => p !== z) : list));
  const dragStart = useRef<number | null>(null);
  const lines = useMemo(() => doc.floorLines.map((l) => (drag && l.id === drag.id ? { ...l, z: drag.z } : l)), [doc.floorLines, drag]);
  const selected = doc.floorLines.find((l) => l.id === selectedLineId) ?? null;
  const advice = selected ? floorLineAdvice(doc, selected.id) : null;
  // Until the section arrives (or when it cannot be cut) the lines still need a frame to be drawn in.
  const bounds = section.points?.bounds ?? {
    uMin: 0,
    uMax: 30,
    vMin: Math.min(0, ...doc.floorLines.map((l) => l.z)) - 1,
    vMax: Math.max(15, ...doc.floorLines.map((l) => l.z)) + 1,
  };

  const draw = useCallback(
    (context: CanvasRenderingContext2D, transform: Parameters<typeof drawSection>[1], width: number) =>
      drawSection(context, transform, width, { lines, selectedLineId, advisedZ: advice?.advisedZ ?? null, proposed: proposed ?? [] }),
    [lines, selectedLineId, advice, proposed],
  );

  const clamp = (id: string, z: number) => {
    const i = doc.floorLines.findIndex((l) => l.id === id);
    const below = doc.floorLines[i - 1]?.z ?? -Infinity;
    const above = doc.floorLines[i + 1]?.z ?? Infinity;
    return Math.min(above - 0.1, Math.max(below + 0.1, z));
  };
  const round = (z: number) => Math.round(z * 100) / 100;

  const onDown = (p: CanvasPointer) => {
    if (p.button !== 0) return;
    const z = p.world[1];
    const near = doc.floorLines.find((l) => Math.abs(l.z - z) * p.transform.scale <= PICK_PIXELS);
    if (near) {
      onSelectLine(near.id);
      if (!readOnly) {
        dragStart.current = near.z;
        setDrag({ id: near.id, z: near.z });
      }
      return;
    }
    if (readOnly) return;
    const id = newId('l');
    if (!run(addFloorLine(round(z), id))) onSelectLine(id);
  };

  return (
    <div className={styles.floorsStep}>
      <div className={styles.view}>
        <EditorCanvas
          label={t('floors.section')}
          testId="panelizer-section"
          info={{ lines: doc.floorLines.length }}
          image={section.image}
          bounds={bounds}
          fitKey={`section-${section.points ? formatLine(section.points.section) : 'frame'}`}
          draw={draw}
          onDown={onDown}
          onMove={(p) => drag && setDrag({ id: drag.id, z: clamp(drag.id, round(p.world[1])) })}
          onUp={() => {
            if (drag && dragStart.current !== drag.z) run(moveFloorLine(drag.id, drag.z));
            dragStart.current = null;
            setDrag(null);
          }}
        />
        <PointsNotice loading={section.loading} failed={section.failed} retry={section.retry} />
      </div>
      <div className={styles.sidePanel}>
        <p className={styles.advice}>{t('floors.advice')}</p>
        {!readOnly && (
          <button
            type="button"
            disabled={!section.points}
            onClick={() => setProposed(proposeFloorLines(section.points!).filter((z) => !doc.floorLines.some((l) => Math.abs(l.z - z) < MIN_FLOOR_LINE_GAP)))}
          >
            {t('proposals.proposeFloorLines')}
          </button>
        )}
        {!readOnly && proposed ? (
          <ProposalList
            title={t('proposals.floorLines')}
            items={proposed.map((z) => ({ key: String(z), label: t('proposals.floorLine', { z: decimal(z) }) }))}
            onAccept={(key) => {
              if (!run(addFloorLine(Number(key)))) dropProposal(Number(key));
            }}
            onReject={(key) => dropProposal(Number(key))}
            onClose={() => setProposed(null)}
          />
        ) : null}
        {selected ? (
          <div className={styles.selectedLine} data-testid="panelizer-selected-line" data-z={selected.z}>
            <p>{t('floors.selectedLine', { z: decimal(selected.z) })}</p>
            {advice ? (
              <p className={styles.adviceHint} role="note">
                {t('floors.adviceHint', { top: decimal(advice.advisedZ - FLOOR_LINE_ABOVE_WINDOW_M), z: decimal(advice.advisedZ) })}{' '}
                {!readOnly && (
                  <button type="button" onClick={() => run(moveFloorLine(selected.id, round(advice.advisedZ)))}>
                    {t('floors.applyAdvice', { z: decimal(advice.advisedZ) })}
                  </button>
                )}
              </p>
            ) : null}
          </div>
        ) : (
          <p>{readOnly ? t('floors.readOnlyHelp') : t('floors.help')}</p>
        )}
        <SliceView
          doc={doc}
          lineId={selected?.id ?? null}
          mode={sliceMode}
          onMode={onSliceMode}
          loadPoints={loadPoints}
          band={band}
          sectionLine={section.points?.section ?? sectionLine}
          onSectionLine={onSectionLine}
        />
      </div>
    </div>
  );
}
