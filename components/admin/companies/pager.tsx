'use client';

import styles from './center.module.css';

export interface PagerTexts {
  total: string;
  page: string;
  previous: string;
  next: string;
}

/** The total and page n of m, with previous and next. */
export function Pager({ page, pages, texts, onPage, disabled }: { page: number; pages: number; texts: PagerTexts; onPage: (page: number) => void; disabled?: boolean }) {
  return (
    <div className={styles.pager}>
      <span role="status">{texts.total}</span>
      {pages > 1 && (
        <nav className={styles.pagerButtons} aria-label={texts.page}>
          <button type="button" className={`${styles.button} ${styles.secondary} ${styles.small}`} onClick={() => onPage(page - 1)} disabled={disabled || page <= 1}>
            {texts.previous}
          </button>
          <span>{texts.page}</span>
          <button type="button" className={`${styles.button} ${styles.secondary} ${styles.small}`} onClick={() => onPage(page + 1)} disabled={disabled || page >= pages}>
            {texts.next}
          </button>
        </nav>
      )}
    </div>
  );
}
