'use client';

import { Dialog } from '@/components/ui/dialog';
import styles from './center.module.css';

export interface ConfirmDeleteProps {
  open: boolean;
  title: string;
  question: string;
  /** Why the delete was refused (e.g. the dependants); shown in place, the dialog stays open. */
  refusal: string | null;
  confirm: string;
  cancel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a delete and shows the server's refusal where the question was asked. */
export function ConfirmDeleteDialog(props: ConfirmDeleteProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      footer={
        <>
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={props.onClose}>
            {props.cancel}
          </button>
          <button type="button" className={`${styles.button} ${styles.danger}`} onClick={props.onConfirm} disabled={props.pending || props.refusal !== null}>
            {props.confirm}
          </button>
        </>
      }
    >
      <p>{props.question}</p>
      {props.refusal && (
        <p role="alert" className={styles.formError}>
          {props.refusal}
        </p>
      )}
    </Dialog>
  );
}
