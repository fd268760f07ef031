'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Opening, PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { Command, Refusal } from '../model/command';
import { elevationGeometry, floorsOf } from '../model/geometry';
import { repeatOpeningGroup, type Placement } from '../model/opening-commands';
import { useFloorName } from './floor-list';
import styles from './panelizer.module.css';

/**
 * The opening group tool (spec §2): the selected openings repeated on other floors (those whose
 * plan has the same wall) and/or at `count` positions along the wall, `spacing` metres apart.
 */
export function OpeningGroupTool({ doc, selected, run }: { doc: PanelizerDocument; selected: Opening[]; run: (command: Command) => Refusal | null }) {
  const t = useTranslations('panelizer.editor.openings.group');
  const name = useFloorName();
  const [floors, setFloors] = useState<string[]>([]);
  const [count, setCount] = useState(1);
  const [spacing, setSpacing] = useState(3);
  const first = selected[0];
  if (!first) return null;
  const candidates = floorsOf(doc).filter((f) => f.id !== first.floorId && elevationGeometry(doc, { ...first, floorId: f.id }));
  const shifts = Array.from({ length: Math.max(1, count) }, (_, i) => i * spacing);
  const placements: Placement[] = [first.floorId, ...floors.filter((id) => candidates.some((f) => f.id === id))].flatMap((floorId) =>
    shifts.filter((shift) => floorId !== first.floorId || shift !== 0).map((shift) => ({ floorId, shift })),
  );
  return (
    <fieldset className={styles.group}>
      <legend>{t('title', { count: selected.length })}</legend>
      {candidates.length > 0 ? (
        <div role="group" aria-label={t('floors')}>
          {candidates.map((f) => (
            <label key={f.id}>
              <input
                type="checkbox"
                checked={floors.includes(f.id)}
                onChange={(event) => setFloors(event.target.checked ? [...floors, f.id] : floors.filter((id) => id !== f.id))}
              />{' '}
              {name(f)}
            </label>
          ))}
        </div>
      ) : (
        <p>{t('noOtherFloors')}</p>
      )}
      <label>
        {t('count')} <input type="number" min={1} max={100} step={1} value={count} onChange={(event) => setCount(Math.max(1, Math.min(100, Math.round(Number(event.target.value)) || 1)))} />
      </label>
      <label>
        {t('spacing')} <input type="number" min={0.1} max={100} step={0.01} value={spacing} onChange={(event) => setSpacing(Number(event.target.value) || 0)} />
      </label>
      <button type="button" disabled={placements.length === 0} onClick={() => run(repeatOpeningGroup(selected.map((o) => o.id), placements))}>
        {t('repeat', { copies: placements.length * selected.length })}
      </button>
    </fieldset>
  );
}
