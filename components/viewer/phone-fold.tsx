'use client';

import { useId, useState, type ReactNode } from 'react';
import styles from './viewer.module.css';

/**
 * A panel's body that a phone folds away behind a button (folded at first), so the point cloud
 * stays in view; on wider screens the button is not shown and the body always is (CSS alone
 * decides, so the server's HTML and the first render agree whatever the width).
 */
export function PhoneFold({ show, hide, children }: { show: string; hide: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button type="button" className={`${styles.button} ${styles.foldToggle}`} aria-expanded={open} aria-controls={`${id}-fold`} onClick={() => setOpen((o) => !o)}>
        {open ? hide : show}
      </button>
      <div id={`${id}-fold`} className={styles.foldBody} data-open={open}>
        {children}
      </div>
    </>
  );
}
