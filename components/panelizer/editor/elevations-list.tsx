'use client';

import { useTranslations } from 'next-intl';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import { elevationsOfDocument, type ElevationRef } from '../model/geometry';
import styles from './panelizer.module.css';

const DIRECTIONS = ['north', 'northEast', 'east', 'southEast', 'south', 'southWest', 'west', 'northWest'] as const;

/** Compass direction a wall faces: outlines run counter-clockwise, so outside is on an edge's right. */
export function facing(start: { x: number; y: number }, end: { x: number; y: number }): (typeof DIRECTIONS)[number] {
  const [nx, ny] = [end.y - start.y, -(end.x - start.x)];
  const bearing = (Math.atan2(nx, ny) * 180) / Math.PI;
  return DIRECTIONS[Math.round(((bearing + 360) % 360) / 45) % 8]!;
}

const same = (a: ElevationRef | null, b: ElevationRef) => !!a && a.floorId === b.floorId && a.outlineId === b.outlineId && a.edgeId === b.edgeId;

/** Step 3's elevations list for the selected floor: each outline edge, named by the way it faces, with its size. */
export function ElevationsList({ doc, floorId, selected, onSelect }: { doc: PanelizerDocument; floorId: string | null; selected: ElevationRef | null; onSelect: (ref: ElevationRef) => void }) {
  const t = useTranslations('panelizer.editor.elevations');
  const elevations = elevationsOfDocument(doc).filter((e) => e.floorId === floorId);
  const kindOf = (outlineId: string) => doc.plans.flatMap((p) => p.outlines).find((o) => o.id === outlineId)?.kind ?? 'building';
  return (
    <nav className={styles.elevations} aria-label={t('title')}>
      <h2>{t('title')}</h2>
      {elevations.length === 0 ? <p>{t('empty')}</p> : null}
      <ul>
        {elevations.map((e) => {
          const count = doc.openings.filter((o) => o.floorId === e.floorId && o.outlineId === e.outlineId && o.edgeId === e.edgeId).length;
          return (
            <li key={`${e.outlineId}/${e.edgeId}`}>
              <button type="button" aria-pressed={same(selected, e)} onClick={() => onSelect({ floorId: e.floorId, outlineId: e.outlineId, edgeId: e.edgeId })} data-testid="panelizer-elevation-item">
                {t('item', { direction: t(`direction.${facing(e.start, e.end)}`), kind: t(`kind.${kindOf(e.outlineId)}`), length: e.length.toFixed(2), openings: count })}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
