'use client';

import { useTranslations } from 'next-intl';
import { REGION_KINDS, type BlurringMode } from '@/lib/shared/schemas/blurring';
import type { DraftRegion } from './geometry';
import type { Tool } from './image-stage';
import styles from './editor.module.css';

const TOOLS: readonly Tool[] = ['select', 'rectangle', 'ellipse', 'polygon'];

/** Image navigation, tools, history, zoom, preview and the actions of the mode (save; approve and finish in check mode). */
export function EditorToolbar(props: {
  mode: BlurringMode;
  position: { index: number; total: number };
  canStep: { previous: boolean; next: boolean };
  onStep: (delta: number) => void;
  tool: Tool;
  onTool: (tool: Tool) => void;
  kind: DraftRegion['kind'];
  onKind: (kind: DraftRegion['kind']) => void;
  editable: boolean;
  selected: string | null;
  onDelete: () => void;
  history: { undo: boolean; redo: boolean };
  onUndo: () => void;
  onRedo: () => void;
  zoom: number;
  onZoom: (factor: number) => void;
  onFit: () => void;
  preview: boolean;
  onPreview: () => void;
  dirty: boolean;
  pending: boolean;
  onSave: () => void;
  canApprove: boolean;
  onApprove: () => void;
  canFinish: boolean;
  onFinish: () => void;
}) {
  const t = useTranslations('blurring.editor');
  const p = props;
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('tools')}>
      <span className={styles.group}>
        <button type="button" className={styles.button} disabled={!p.canStep.previous} onClick={() => p.onStep(-1)} aria-label={t('previous')} aria-keyshortcuts="PageUp" title={`${t('previous')} (${t('previousKeys')})`}>‹</button>
        <span aria-live="polite">{p.position.total > 0 && p.position.index > 0 ? t('imageOf', p.position) : ''}</span>
        <button type="button" className={styles.button} disabled={!p.canStep.next} onClick={() => p.onStep(1)} aria-label={t('next')} aria-keyshortcuts="PageDown" title={`${t('next')} (${t('nextKeys')})`}>›</button>
      </span>
      <span className={styles.group}>
        {TOOLS.map((tool) => (
          <button key={tool} type="button" className={styles.button} aria-pressed={p.tool === tool} disabled={!p.editable && tool !== 'select'} onClick={() => p.onTool(tool)} title={t(`tool.${tool}`)}>
            {t(`tool.${tool}`)}
          </button>
        ))}
      </span>
      <label>
        {t('regionKind')}{' '}
        <select value={p.kind} onChange={(e) => p.onKind(e.target.value as DraftRegion['kind'])}>
          {REGION_KINDS.map((k) => <option key={k} value={k}>{t(`kinds.${k}`)}</option>)}
        </select>
      </label>
      <span className={styles.group}>
        <button type="button" className={styles.button} disabled={!p.selected || !p.editable} onClick={p.onDelete}>{t('delete')}</button>
        <button type="button" className={styles.button} disabled={!p.history.undo} onClick={p.onUndo}>{t('undo')}</button>
        <button type="button" className={styles.button} disabled={!p.history.redo} onClick={p.onRedo}>{t('redo')}</button>
      </span>
      <span className={styles.group}>
        <button type="button" className={styles.button} onClick={() => p.onZoom(0.8)} aria-label={t('zoomOut')}>−</button>
        <span>{t('zoom', { percent: Math.round(p.zoom * 100) })}</span>
        <button type="button" className={styles.button} onClick={() => p.onZoom(1.25)} aria-label={t('zoomIn')}>+</button>
        <button type="button" className={styles.button} onClick={p.onFit}>{t('fit')}</button>
      </span>
      <button type="button" className={styles.button} aria-pressed={p.preview} onClick={p.onPreview}>{t('preview')}</button>
      <span className={styles.spacer} />
      {p.dirty && <span className={styles.muted}>{t('unsaved')}</span>}
      <button type="button" className={p.mode === 'blur' ? styles.primary : styles.button} disabled={!p.editable || p.pending} onClick={p.onSave}>
        {p.pending ? t('saving') : t('save')}
      </button>
      {p.mode === 'check' && (
        <>
          <button type="button" className={styles.primary} disabled={!p.canApprove} onClick={p.onApprove}>{t('approve')}</button>
          <button type="button" className={styles.button} disabled={!p.canFinish} onClick={p.onFinish}>{t('finish')}</button>
        </>
      )}
    </div>
  );
}
