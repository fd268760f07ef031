'use client';

import { useTranslations } from 'next-intl';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import { floorsOf, planById } from '../model/geometry';
import styles from './panelizer.module.css';

/** A floor's name: the one the user gave, else its number counted from the bottom. */
export function useFloorName() {
  const t = useTranslations('panelizer.editor.floorList');
  return (floor: { index: number; name?: string }) => floor.name ?? t('floor', { number: floor.index + 1 });
}

/**
 * The floor list at the left (spec §2): ordered as in the building, the bottom entry is the
 * bottom floor. Each entry says whether the floor is linked and how many outlines its plan has.
 */
export function FloorList({ doc, selectedFloorId, onSelect }: { doc: PanelizerDocument; selectedFloorId: string | null; onSelect: (floorId: string) => void }) {
  const t = useTranslations('panelizer.editor.floorList');
  const name = useFloorName();
  const floors = floorsOf(doc);
  const sharing = (planId: string) => floors.filter((f) => f.planId === planId).length;
  return (
    <nav className={styles.floorList} aria-label={t('title')}>
      <h2>{t('title')}</h2>
      {floors.length === 0 ? <p>{t('empty')}</p> : null}
      <ol reversed>
        {[...floors].reverse().map((floor) => {
          const outlines = planById(doc, floor.planId)?.outlines.length ?? 0;
          return (
            <li key={floor.id}>
              <button type="button" aria-pressed={floor.id === selectedFloorId} onClick={() => onSelect(floor.id)} data-testid="panelizer-floor">
                <span>{name(floor)}</span>
                <small>
                  {t('outlines', { count: outlines })}
                  {sharing(floor.planId) > 1 ? ` · ${t('linked')}` : ''}
                </small>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** spec §2: the warning shows exactly when some unlinked floor has no polygon. */
export function hasUnlinkedFloorsWithoutPolygons(doc: PanelizerDocument): boolean {
  const floors = floorsOf(doc);
  return floors.some((f) => floors.filter((g) => g.planId === f.planId).length === 1 && (planById(doc, f.planId)?.outlines.length ?? 0) === 0);
}
