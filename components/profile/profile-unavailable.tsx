import { getTranslations } from 'next-intl/server';
import styles from './profile.module.css';

/** The profile when its settings flow cannot be had: spec §8's message and a way to try again. */
export async function ProfileUnavailable({ messageKey }: { messageKey: string }) {
  const t = await getTranslations();
  return (
    <div className={styles.page}>
      <h1>{t('profile.title')}</h1>
      <p className={styles.error} role="alert">
        {t(messageKey as never)}
      </p>
      {/* A fresh flow from the identity service: a document navigation to the proxy, never prefetched. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/self-service/settings/browser">{t('profile.retry')}</a>
    </div>
  );
}
