'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import { facadeGroups } from '../model/facades';
import { floorsOf, type ElevationRef } from '../model/geometry';
import { useFloorName } from './floor-list';
import { useDecimal } from '@/components/ui/use-decimal';
import styles from './panelizer.module.css';

const same = (a: ElevationRef | null, b: ElevationRef) => !!a && a.floorId === b.floorId && a.outlineId === b.outlineId && a.edgeId === b.edgeId;

/**
 * Step 3's elevations list: the building's facades, each with its elevations floor by floor (the
 * bottom entry is the bottom floor). Selecting one shows it (and selects its floor). The
 * selected floor's entries are marked, so the list reads alongside the floor list.
 */
export function ElevationsList({ doc, floorId, selected, onSelect }: { doc: PanelizerDocument; floorId: string | null; selected: ElevationRef | null; onSelect: (ref: ElevationRef) => void }) {
  const t = useTranslations('panelizer.editor.elevations');
  const decimal = useDecimal();
  const floorName = useFloorName();
  const groups = useMemo(() => facadeGroups(doc), [doc]);
  const floors = useMemo(() => new Map(floorsOf(doc).map((f) => [f.id, f])), [doc]);
  return (
    <nav className={styles.elevations} aria-label={t('title')}>
      <h2>{t('title')}</h2>
      {groups.length === 0 ? <p>{t('empty')}</p> : null}
      {groups.map(({ facade, elevations }) => {
        const label = t('facade', { direction: t(`direction.${facade.direction}`), number: facade.index > 1 ? ` ${facade.index}` : '', kind: t(`kind.${facade.kind}`) });
        return (
          <section key={facade.id} aria-label={label} className={styles.facadeGroup} data-testid="panelizer-facade">
            <h3>{label}</h3>
            <ul>
              {elevations.map((e) => {
                const floor = floors.get(e.floorId);
                return (
                  <li key={e.id} data-current-floor={e.floorId === floorId ? 'true' : undefined}>
                    <button type="button" aria-pressed={same(selected, e)} onClick={() => onSelect({ floorId: e.floorId, outlineId: e.outlineId, edgeId: e.edgeId })} data-testid="panelizer-elevation-item">
                      {t('item', { floor: floor ? floorName(floor) : '', length: decimal(e.length), openings: e.openings })}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
