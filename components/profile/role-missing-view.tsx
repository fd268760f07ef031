import { getTranslations } from 'next-intl/server';
import styles from './role-missing-view.module.css';

/** spec §2 route guard step 6: what a signed-in user without a role sees, with the way out. */
export async function RoleMissingView() {
  const t = await getTranslations('roleMissing');
  return (
    <section className={styles.view} aria-labelledby="role-missing-title">
      <h1 id="role-missing-title">{t('message')}</h1>
      <p>{t('hint')}</p>
      {/* /logout must be a document navigation: the route guard signs out only top-level page loads. */}
      <a href="/logout">{t('signOut')}</a>
    </section>
  );
}
