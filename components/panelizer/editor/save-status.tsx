'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { Autosave, SaveDocument } from './use-autosave';
import styles from './panelizer.module.css';

const SHORT_STATES = ['saved', 'pending', 'saving'] as const;

export interface Persistence {
  version: number;
  save: SaveDocument;
  /** The newest saved document, after a conflict. */
  loadNewest: () => Promise<{ document: PanelizerDocument; version: number }>;
}

/**
 * Autosave and what it is doing: saved, saving, failed (retry), or a conflict (saved elsewhere
 * meanwhile): the user's document stays on screen and goes on top of the newest when they say so;
 * the newest is then one undo away.
 */
export function SaveStatus({ autosave, persistence, rebaseOn }: { autosave: Autosave; persistence: Persistence; rebaseOn: (newest: PanelizerDocument) => void }) {
  const t = useTranslations('panelizer.editor.save');
  const [reloadFailed, setReloadFailed] = useState(false);
  const putOnTop = () => {
    setReloadFailed(false);
    persistence.loadNewest().then(
      (newest) => {
        rebaseOn(newest.document);
        autosave.resolved(newest.version);
      },
      () => setReloadFailed(true),
    );
  };
  return (
    <div className={styles.saveStatus} data-testid="panelizer-save-state" data-state={autosave.state}>
      {autosave.state === 'conflict' ? (
        <div role="alert">
          <p>{t('conflict')}</p>
          <button type="button" onClick={putOnTop}>
            {t('putOnTop')}
          </button>
          {reloadFailed ? <p>{t('reloadFailed')}</p> : null}
        </div>
      ) : autosave.state === 'failed' ? (
        <p role="alert">
          {t('failed')}{' '}
          <button type="button" onClick={autosave.retry}>
            {t('retry')}
          </button>
        </p>
      ) : (
        // The three short states take the width of the longest, so the header beside the drawing
        // never reflows while autosave runs: a reflow would move the plan under the user's pointer.
        <div className={styles.saveStates}>
          <p role="status">{t(autosave.state)}</p>
          {SHORT_STATES.map((s) => (
            <span key={s} aria-hidden="true">
              {t(s)}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
