import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import styles from './not-found-view.module.css';

/** The translated page-not-found view of spec §2 (for /not-found and every unmatched path). */
export async function NotFoundView() {
  const t = await getTranslations('errors');
  return (
    <section className={styles.view} aria-labelledby="not-found-title">
      <p className={styles.code}>404</p>
      <h1 id="not-found-title">{t('pageNotFound')}</h1>
      <p>{t('pageNotFoundHint')}</p>
      <Link href="/">{t('backHome')}</Link>
    </section>
  );
}
