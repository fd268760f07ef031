'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { PanelizerPointsQuery, SectionLine } from '@/lib/shared/panelizer/points';
import type { XY } from '@/lib/shared/panelizer/polygon';
import { floorsOf, planById, planFrame, xy } from '../model/geometry';
import { dragSectionLine, sectionGripAt, type SectionGrip } from '../model/section-line';
import { SNAP_PIXELS } from '../model/snapping';
import { drawPlan } from '../render/draw';
import { drawSectionLine } from '../render/draw-section-line';
import { EditorCanvas, type CanvasPointer } from './editor-canvas';
import { PointsNotice } from './points-notice';
import { usePoints, type LoadPoints } from './use-points';
import styles from './panelizer.module.css';

export type SliceMode = 'narrow' | 'full';

/**
 * The narrow slice is the band 1.0–1.3 m above the floor line: the height architects cut a floor
 * plan at. It lies above furniture and parapets and below the ceiling, and crosses the windows,
 * so walls show as clean lines with their openings as gaps. Full is the whole storey.
 */
export const NARROW_SLICE = { from: 1.0, to: 1.3 } as const;

/** The horizontal slice query for the floor whose bottom line is `lineId`. */
export function sliceQuery(doc: PanelizerDocument, lineId: string | null, mode: SliceMode): PanelizerPointsQuery | null {
  const i = doc.floorLines.findIndex((l) => l.id === lineId);
  if (i < 0) return null;
  const bottom = doc.floorLines[i]!.z;
  const top = doc.floorLines[i + 1]?.z ?? bottom + 3;
  if (mode === 'narrow') return { view: 'plan', zMin: Math.min(bottom + NARROW_SLICE.from, (bottom + top) / 2), zMax: Math.min(top, bottom + NARROW_SLICE.to), limit: 400_000 };
  return { view: 'plan', zMin: bottom, zMax: top, limit: 400_000 };
}

export function SliceModeSwitch({ mode, onMode }: { mode: SliceMode; onMode: (mode: SliceMode) => void }) {
  const t = useTranslations('panelizer.editor.slice');
  return (
    <fieldset className={styles.switch}>
      <legend>{t('legend')}</legend>
      {(['narrow', 'full'] as const).map((m) => (
        <label key={m}>
          <input type="radio" name="slice-mode" value={m} checked={mode === m} onChange={() => onMode(m)} /> {t(m)}
        </label>
      ))}
    </fieldset>
  );
}

const lineText = (line: SectionLine) => `${line.x0},${line.y0},${line.x1},${line.y1}`;

/**
 * Step 1's horizontal slice of the selected floor line's storey (before any is selected, `band`),
 * with that floor's outlines and the section's line: dragging an end or the line moves the
 * section, cut again when the drag ends. Moving the section changes the view, not the document.
 */
export function SliceView({
  doc,
  lineId,
  mode,
  onMode,
  loadPoints,
  band,
  sectionLine,
  onSectionLine,
}: {
  doc: PanelizerDocument;
  lineId: string | null;
  mode: SliceMode;
  onMode: (mode: SliceMode) => void;
  loadPoints: LoadPoints;
  band: { zMin: number; zMax: number } | null;
  sectionLine: SectionLine | null;
  onSectionLine: (line: SectionLine) => void;
}) {
  const t = useTranslations('panelizer.editor');
  const query = useMemo<PanelizerPointsQuery | null>(() => sliceQuery(doc, lineId, mode) ?? (band ? { view: 'plan', zMin: band.zMin, zMax: band.zMax, limit: 400_000 } : null), [doc, lineId, mode, band]);
  const slice = usePoints(loadPoints, query);
  const floor = floorsOf(doc).find((f) => f.id === lineId);
  const outlines = useMemo(() => (floor ? (planById(doc, floor.planId)?.outlines ?? []).map((o) => ({ id: o.id, kind: o.kind, points: o.points.map(xy) })) : []), [doc, floor]);
  const [drag, setDrag] = useState<{ grip: SectionGrip; from: XY; line: SectionLine; to: SectionLine } | null>(null);
  const shownLine = drag?.to ?? sectionLine;
  const draw = useCallback(
    (context: CanvasRenderingContext2D, transform: Parameters<typeof drawPlan>[1]) => {
      drawPlan(context, transform, { outlines, ghosts: [], selectedOutlineId: null, draft: [], cursor: null, snapped: false });
      if (shownLine) drawSectionLine(context, transform, shownLine);
    },
    [outlines, shownLine],
  );
  if (!query) return <p>{t('slice.none')}</p>;
  const frame = slice.points?.bounds ?? planFrame(doc);
  // The whole section line in view: it runs a few metres past the walls.
  const bounds = sectionLine
    ? {
        uMin: Math.min(frame.uMin, sectionLine.x0, sectionLine.x1),
        uMax: Math.max(frame.uMax, sectionLine.x0, sectionLine.x1),
        vMin: Math.min(frame.vMin, sectionLine.y0, sectionLine.y1),
        vMax: Math.max(frame.vMax, sectionLine.y0, sectionLine.y1),
      }
    : frame;
  const onDown = (p: CanvasPointer) => {
    if (p.button !== 0 || !sectionLine) return;
    const at: XY = [p.world[0], p.world[1]];
    const grip = sectionGripAt(sectionLine, at, SNAP_PIXELS / p.transform.scale);
    if (grip) setDrag({ grip, from: at, line: sectionLine, to: sectionLine });
  };
  return (
    <section className={styles.slice} aria-label={t(lineId ? 'slice.title' : 'slice.titleBand')}>
      {lineId ? <SliceModeSwitch mode={mode} onMode={onMode} /> : null}
      {shownLine ? <p className={styles.help}>{t('slice.sectionHint')}</p> : null}
      <div className={styles.sliceView}>
        <EditorCanvas
          label={t(lineId ? 'slice.title' : 'slice.titleBand')}
          testId="panelizer-slice"
          info={shownLine ? { 'section-line': lineText(shownLine) } : undefined}
          image={slice.image}
          bounds={bounds}
          fitKey={`${lineId}-${slice.points ? 'points' : 'frame'}`}
          draw={draw}
          onDown={onDown}
          onMove={(p) => drag && setDrag({ ...drag, to: dragSectionLine(drag.line, drag.grip, drag.from, [p.world[0], p.world[1]]) })}
          onUp={() => {
            if (drag && lineText(drag.to) !== lineText(drag.line)) onSectionLine(drag.to);
            setDrag(null);
          }}
        />
        <PointsNotice loading={slice.loading} failed={slice.failed} retry={slice.retry} />
      </div>
    </section>
  );
}
