'use client';

import { useTranslations } from 'next-intl';
import type { BlurringImage, BlurringMode, MissionImages } from '@/lib/shared/schemas/blurring';
import type { DraftRegion } from './geometry';
import styles from './editor.module.css';

/** The blurring instructions (always in view), the progress, the images to pick from, the regions of this one and the shortcuts. */
export function EditorSidebar({ mode, data, visible, currentId, showAll, onShowAll, onPick, regions, selected, onSelect }: {
  mode: BlurringMode;
  data: MissionImages;
  visible: BlurringImage[];
  currentId: number | null;
  showAll: boolean;
  onShowAll: (all: boolean) => void;
  onPick: (id: number) => void;
  regions: readonly DraftRegion[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const t = useTranslations('blurring.editor');
  const approved = data.items.filter((i) => i.approvedAt !== null).length;
  return (
    <aside className={styles.side}>
      <section className={styles.panel} aria-labelledby="blurring-instructions">
        <h2 id="blurring-instructions">{t('instructions')}</h2>
        <p className={styles.instructions} data-testid="blurring-instructions">{data.instructions ?? t('noInstructions')}</p>
      </section>
      <section className={styles.panel}>
        <p className={styles.muted} data-testid="blurring-progress">{t('progress', { approved, total: data.items.length })}</p>
        {mode === 'check' && (
          <label className={styles.muted}>
            <input type="checkbox" checked={showAll} onChange={(e) => onShowAll(e.target.checked)} /> {t('showAll')}
          </label>
        )}
        <ul className={styles.thumbs}>
          {visible.map((image, i) => (
            <li key={image.id}>
              <button type="button" className={styles.thumb} aria-current={image.id === currentId} onClick={() => onPick(image.id)}>
                {/* eslint-disable-next-line @next/next/no-img-element -- the blurred thumbnail served by the API */}
                {image.thumbnailUrl ? <img src={image.thumbnailUrl} alt="" /> : <img alt="" />}
                <span>
                  {t('imageOf', { index: i + 1, total: visible.length })}
                  <br />
                  <span className={styles.muted}>{image.filename}</span>
                  <br />
                  <span className={styles.muted}>{image.approvedAt ? '✓ ' : ''}{t('regions', { count: image.regionCount })}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      {regions.length > 0 && (
        <section className={styles.panel}>
          <h2>{t('regions', { count: regions.length })}</h2>
          <ul className={styles.regionList}>
            {regions.map((r) => (
              <li key={r.id}>
                <button type="button" aria-current={r.id === selected} onClick={() => onSelect(r.id)}>
                  {t(`kinds.${r.kind}`)} · {t(`tool.${r.shape}`)} ·{' '}
                  {r.source === 'detector' ? t('region.detector', { confidence: `${Math.round((r.confidence ?? 0) * 100)} %` }) : t('region.manual')}
                  {r.adjusted ? ` (${t('region.adjusted')})` : ''}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className={styles.panel}>
        <h2>{t('shortcuts')}</h2>
        <ul className={styles.keys} id="blurring-keys">
          {(['tools', 'add', 'move', 'polygon', 'edit', 'view', 'images'] as const).map((k) => <li key={k}>{t(`keys.${k}`)}</li>)}
        </ul>
      </section>
    </aside>
  );
}
