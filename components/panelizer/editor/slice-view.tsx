'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { PanelizerPointsQuery } from '@/lib/shared/panelizer/points';
import { floorsOf, planById, planFrame, xy } from '../model/geometry';
import { drawPlan } from '../render/draw';
import { EditorCanvas } from './editor-canvas';
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

/** Step 1's horizontal slice of the selected floor line's storey, with that floor's outlines. */
export function SliceView({ doc, lineId, mode, onMode, loadPoints }: { doc: PanelizerDocument; lineId: string | null; mode: SliceMode; onMode: (mode: SliceMode) => void; loadPoints: LoadPoints }) {
  const t = useTranslations('panelizer.editor');
  const query = useMemo(() => sliceQuery(doc, lineId, mode), [doc, lineId, mode]);
  const slice = usePoints(loadPoints, query);
  const floor = floorsOf(doc).find((f) => f.id === lineId);
  const outlines = useMemo(() => (floor ? (planById(doc, floor.planId)?.outlines ?? []).map((o) => ({ id: o.id, kind: o.kind, points: o.points.map(xy) })) : []), [doc, floor]);
  const draw = useCallback(
    (context: CanvasRenderingContext2D, transform: Parameters<typeof drawPlan>[1]) =>
      drawPlan(context, transform, { outlines, ghosts: [], selectedOutlineId: null, draft: [], cursor: null, snapped: false }),
    [outlines],
  );
  if (!query) return <p>{t('slice.none')}</p>;
  return (
    <section className={styles.slice} aria-label={t('slice.title')}>
      <SliceModeSwitch mode={mode} onMode={onMode} />
      <div className={styles.sliceView}>
        <EditorCanvas label={t('slice.title')} testId="panelizer-slice" image={slice.image} bounds={slice.points?.bounds ?? planFrame(doc)} fitKey={`${lineId}-${slice.points ? 'points' : 'frame'}`} draw={draw} />
        <PointsNotice loading={slice.loading} failed={slice.failed} retry={slice.retry} />
      </div>
    </section>
  );
}
