'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import styles from './admin.module.css';

/** A yes/no question before a step that affects someone else's access. */
export function Confirm(props: { title: string; text: string; confirm?: string; pending?: boolean; onConfirm: () => void; onClose: () => void }) {
  const t = useTranslations('admin.users.confirm');
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={props.title}
      footer={
        <>
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button type="button" className={`${styles.button} ${styles.danger}`} onClick={props.onConfirm} disabled={props.pending}>
            {props.confirm ?? t('confirm')}
          </button>
        </>
      }
    >
      <p>{props.text}</p>
    </Dialog>
  );
}
