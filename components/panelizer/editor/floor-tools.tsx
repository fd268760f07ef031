'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { Command, Refusal } from '../model/command';
import { linkFloor, unlinkFloor } from '../model/floor-commands';
import { floorsOf, planById } from '../model/geometry';
import { copyOutlines, removeOutline, setOutlineKind } from '../model/outline-commands';
import { useFloorName } from './floor-list';
import styles from './panelizer.module.css';

/**
 * Step 2's floor actions: copy outlines from another floor, link the floor with another (one
 * shared floorplan) or unlink it (its own copy), and the selected outline's kind and removal.
 */
export function FloorTools({
  doc,
  floorId,
  readOnly,
  run,
  selectedOutlineId,
  onSelectOutline,
}: {
  doc: PanelizerDocument;
  floorId: string;
  readOnly: boolean;
  run: (command: Command) => Refusal | null;
  selectedOutlineId: string | null;
  onSelectOutline: (id: string | null) => void;
}) {
  const t = useTranslations('panelizer.editor.walls');
  const name = useFloorName();
  const floors = floorsOf(doc);
  const floor = floors.find((f) => f.id === floorId)!;
  const others = floors.filter((f) => f.planId !== floor.planId);
  const linkedWith = floors.filter((f) => f.id !== floor.id && f.planId === floor.planId);
  const [source, setSource] = useState('');
  const chosen = others.some((f) => f.id === source) ? source : (others[0]?.id ?? '');
  const outline = planById(doc, floor.planId)?.outlines.find((o) => o.id === selectedOutlineId);

  return (
    <div className={styles.floorTools}>
      {linkedWith.length > 0 ? <p data-testid="panelizer-linked-with">{t('linkedWith', { floors: linkedWith.map(name).join(', ') })}</p> : null}
      {!readOnly && (
        <>
          {others.length > 0 ? (
            <div className={styles.row}>
              <label>
                {t('otherFloor')}{' '}
                <select value={chosen} onChange={(event) => setSource(event.target.value)}>
                  {others.map((f) => (
                    <option key={f.id} value={f.id}>
                      {name(f)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" onClick={() => run(copyOutlines(chosen, floor.id))}>
                {t('copyOutlines')}
              </button>
              <button type="button" onClick={() => run(linkFloor(floor.id, chosen))}>
                {t('link')}
              </button>
            </div>
          ) : null}
          {linkedWith.length > 0 ? (
            <button type="button" onClick={() => run(unlinkFloor(floor.id))}>
              {t('unlink')}
            </button>
          ) : null}
          {outline ? (
            <div className={styles.row} role="group" aria-label={t('selectedOutline')}>
              <label>
                {t('kind')}{' '}
                <select value={outline.kind} onChange={(event) => run(setOutlineKind(floor.id, outline.id, event.target.value as typeof outline.kind))}>
                  <option value="building">{t('tool.building')}</option>
                  <option value="balcony">{t('tool.balcony')}</option>
                </select>
              </label>
              <button
                type="button"
                onClick={() => {
                  if (!run(removeOutline(floor.id, outline.id))) onSelectOutline(null);
                }}
              >
                {t('removeOutline')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
