import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import styles from './not-found-view.module.css';

/** The translated page-not-found view of spec §2 (for /not-found and every unmatched path). */
export function NotFoundView() {
  const t = useTranslations('errors');
  return (
    <section className={styles.view} aria-labelledby="not-found-title">
      <p className={styles.code}>404</p>
      <h1 id="not-found-title">{t('pageNotFound')}</h1>
      <p>{t('pageNotFoundHint')}</p>
      <Link href="/">{t('backHome')}</Link>
    </section>
  );
}
