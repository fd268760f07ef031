'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import styles from './detail.module.css';

/** A yes/no question before a destructive step; the confirming button names the step. */
export function ConfirmDialog(props: { open: boolean; title: string; text: string; confirm: string; pending?: boolean; onConfirm: () => void; onClose: () => void }) {
  const t = useTranslations('missions.actions');
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      footer={
        <>
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button type="button" className={`${styles.button} ${styles.danger}`} onClick={props.onConfirm} disabled={props.pending}>
            {props.confirm}
          </button>
        </>
      }
    >
      <p>{props.text}</p>
    </Dialog>
  );
}
