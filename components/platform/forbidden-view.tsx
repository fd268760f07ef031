import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { NotAuthorizedView } from '@/components/missions/detail/not-authorized-view';
import styles from './not-found-view.module.css';

/**
 * The translated 403 page (forbidden.tsx): for a refused mission spec §8's 'not authorized to
 * access mission id', otherwise a general "not authorized".
 */
export function ForbiddenView({ missionId }: { missionId: number | null }) {
  const t = useTranslations('errors');
  if (missionId !== null) return <NotAuthorizedView id={missionId} />;
  return (
    <section role="alert" className={styles.view} aria-labelledby="forbidden-title">
      <p className={styles.code}>403</p>
      <h1 id="forbidden-title">{t('pageForbidden')}</h1>
      <p>{t('pageForbiddenHint')}</p>
      <Link href="/">{t('backHome')}</Link>
    </section>
  );
}
