import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import styles from './not-authorized-view.module.css';

/** spec §6/§8: a mission the user may not see says 'not authorized to access mission id'. */
export function NotAuthorizedView({ id }: { id: number }) {
  const t = useTranslations('missions');
  return (
    <section role="alert" className={styles.denied} aria-labelledby="not-authorized-title">
      <p className={styles.overline}>403</p>
      <h1 id="not-authorized-title">{t('messages.notAuthorized', { id })}</h1>
      <p>{t('detail.notAuthorizedHint')}</p>
      <Link href="/">{t('detail.backToList')}</Link>
    </section>
  );
}
