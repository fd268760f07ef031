import type { ReactNode } from 'react';
import styles from './detail.module.css';

/**
 * One section of the detail page (spec §2), an anchored landmark with its heading. The browser lays
 * out and paints a section only once it comes near the viewport (content-visibility: auto), so a
 * page's first layout covers the sections on screen instead of all fifteen. That also clips what
 * reaches past the section's box: a section with such an overlay (`overlays`, the tag picker's
 * options) is always laid out.
 */
export function Section({ id, title, overlays = false, children }: { id: string; title: string; overlays?: boolean; children: ReactNode }) {
  return (
    <section id={id} className={overlays ? styles.section : `${styles.section} ${styles.nearViewport}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

/** A definition list of mission fields. */
export function Fields({ children }: { children: ReactNode }) {
  return <dl className={styles.fields}>{children}</dl>;
}
