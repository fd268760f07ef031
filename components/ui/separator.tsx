'use client';

import { useTranslations } from 'next-intl';
import styles from './separator.module.css';

/** A horizontal rule with a word in the middle; the word defaults to the translated 'or'. */
export function Separator({ text, className }: { text?: string; className?: string }) {
  const t = useTranslations('ui.separator');
  const shown = text ?? t('or');
  // role=separator hides its children from assistive technology, so the word is its name.
  return (
    <div role="separator" aria-orientation="horizontal" aria-label={shown} className={[styles.separator, className].filter(Boolean).join(' ')}>
      <span aria-hidden="true">{shown}</span>
    </div>
  );
}
