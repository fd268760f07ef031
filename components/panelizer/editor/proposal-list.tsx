'use client';

import { useTranslations } from 'next-intl';
import styles from './panelizer.module.css';

export interface ProposalItem {
  key: string;
  label: string;
}

/**
 * Proposals waiting for the user (issue 19 point 7): each accepted (it becomes a command, so it
 * can be undone and edited like a drawn one), or rejected; or all at once.
 */
export function ProposalList({
  title,
  items,
  onAccept,
  onReject,
  onEdit,
  onClose,
}: {
  title: string;
  items: ProposalItem[];
  onAccept: (key: string) => void;
  onReject: (key: string) => void;
  /** Takes the proposal into the drawing tool to change before it is added. */
  onEdit?: (key: string) => void;
  onClose: () => void;
}) {
  const t = useTranslations('panelizer.editor.proposals');
  return (
    <section className={styles.proposals} aria-label={title} data-testid="panelizer-proposals">
      <h3>{title}</h3>
      {items.length === 0 ? <p>{t('none')}</p> : null}
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <span>{item.label}</span>
            <button type="button" onClick={() => onAccept(item.key)} aria-label={t('acceptOne', { item: item.label })}>
              {t('accept')}
            </button>
            {onEdit ? (
              <button type="button" onClick={() => onEdit(item.key)} aria-label={t('editOne', { item: item.label })}>
                {t('edit')}
              </button>
            ) : null}
            <button type="button" onClick={() => onReject(item.key)} aria-label={t('rejectOne', { item: item.label })}>
              {t('reject')}
            </button>
          </li>
        ))}
      </ul>
      <div className={styles.row}>
        {items.length > 1 ? (
          <button type="button" onClick={() => items.forEach((item) => onAccept(item.key))}>
            {t('acceptAll')}
          </button>
        ) : null}
        <button type="button" onClick={onClose}>
          {items.length > 0 ? t('rejectAll') : t('close')}
        </button>
      </div>
    </section>
  );
}
