import { Suspense, type ReactNode } from 'react';
import styles from './detail.module.css';

/**
 * One section of the detail page (spec §2), an anchored landmark with its heading. Its content is
 * a Suspense boundary of its own, so the browser hydrates the sections one by one in short tasks
 * (React's selective hydration) instead of the whole page in one long task that blocks input.
 */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <Suspense>{children}</Suspense>
    </section>
  );
}

/** A definition list of mission fields. */
export function Fields({ children }: { children: ReactNode }) {
  return <dl className={styles.fields}>{children}</dl>;
}
