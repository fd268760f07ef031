'use client';

import { useTranslations } from 'next-intl';
import { session } from '@/lib/client/api/session';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import styles from './profile.module.css';

/** The company of the signed-in user as Argus knows it (GET /api/v2/me); spec §8's message when that fails. */
export function CompanyName() {
  const t = useTranslations('profile');
  const { data, error, isLoading } = useEndpoint(session.me, {}, { revalidateOnFocus: false, shouldRetryOnError: false });
  let content;
  if (error) content = <span className={styles.error} role="alert">{t('messages.companyLoadFailed')}</span>;
  else if (isLoading || !data) content = <span className={styles.muted}>{t('details.companyLoading')}</span>;
  else content = data.company ? <span>{data.company.name}</span> : <span className={styles.muted}>{t('details.noCompany')}</span>;
  return (
    <div className={styles.readonly}>
      <span className={styles.readonlyLabel} id="profile-company-label">
        {t('details.company')}
      </span>
      <span aria-labelledby="profile-company-label" data-testid="profile-company">
        {content}
      </span>
    </div>
  );
}
