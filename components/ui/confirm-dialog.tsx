'use client';

import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  /** Defaults to true: most callers render the dialog only while it asks. */
  open?: boolean;
  title: ReactNode;
  /** The question, one paragraph. */
  message: ReactNode;
  /** Names the step (e.g. "Delete"); the confirming button's text and accessible name. */
  confirmLabel: string;
  cancelLabel: string;
  /** While the step runs the confirming button is disabled. */
  pending?: boolean;
  /** Why the step cannot be taken (e.g. the server's refusal): shown as an alert under the question, the confirming button disabled, the dialog stays open. */
  problem?: string | null;
  /** A destructive step gets the danger style on its confirming button (default true). */
  destructive?: boolean;
  /** Override the buttons' classes, for callers whose surroundings style buttons their own way. */
  buttonClassNames?: { cancel: string; confirm: string };
  problemClassName?: string;
  onConfirm: () => void;
  /** The cancel button, the close button, a click outside and Escape. */
  onCancel: () => void;
}

/** A yes/no question before a step; a modal dialog (components/ui/dialog) whose confirming button names the step. */
export function ConfirmDialog({ open = true, destructive = true, problem = null, ...props }: ConfirmDialogProps) {
  const cancelClass = props.buttonClassNames?.cancel ?? `${styles.button} ${styles.cancel}`;
  const confirmClass = props.buttonClassNames?.confirm ?? (destructive ? `${styles.button} ${styles.destructive}` : styles.button);
  return (
    <Dialog
      open={open}
      onClose={props.onCancel}
      title={props.title}
      footer={
        <>
          <button type="button" className={cancelClass} onClick={props.onCancel}>
            {props.cancelLabel}
          </button>
          <button type="button" className={confirmClass} onClick={props.onConfirm} disabled={props.pending || problem !== null}>
            {props.confirmLabel}
          </button>
        </>
      }
    >
      <p>{props.message}</p>
      {problem && (
        <p role="alert" className={props.problemClassName ?? styles.problem}>
          {problem}
        </p>
      )}
    </Dialog>
  );
}
