'use client';

import { useEffect, useId, useRef, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslations } from 'next-intl';
import styles from './dialog.module.css';
import { useFocusTrap } from './focus-trap';

export interface DialogProps {
  open: boolean;
  /** Called for the close button, a click outside the dialog and Escape. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Action buttons, right-aligned under the content. */
  footer?: ReactNode;
  className?: string;
}

const noop = () => () => {};

/**
 * A modal dialog in a portal: closes on its close button, a click on the backdrop and Escape;
 * focus is trapped inside while open and restored to the opener afterwards.
 */
export function Dialog({ open, onClose, title, children, footer, className }: DialogProps) {
  const t = useTranslations('ui.dialog');
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // A press that starts inside (e.g. selecting text) and ends outside must not close it.
  const pressStartedOutside = useRef(false);
  // Portals need document; rendering nothing on the server avoids a hydration mismatch.
  const mounted = useSyncExternalStore(noop, () => true, () => false);
  useFocusTrap(panel, open && mounted);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    // The page behind a modal must not scroll under the user's wheel or finger.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, [open, onClose]);

  if (!open || !mounted) return null;
  const outside = (event: MouseEvent) => event.target === event.currentTarget;
  return createPortal(
    <div
      className={styles.backdrop}
      data-testid="dialog-backdrop"
      onMouseDown={(event) => {
        pressStartedOutside.current = outside(event);
      }}
      onClick={(event) => {
        if (outside(event) && pressStartedOutside.current) onClose();
        pressStartedOutside.current = false;
      }}
    >
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={[styles.dialog, className].filter(Boolean).join(' ')}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={t('close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
