import { useTranslations } from 'next-intl';
import { SupportContact } from '@/components/support/support-contact';
import type { SupportContact as Contact } from '@/lib/shared/schemas/support';
import styles from './confirmation-view.module.css';

/**
 * A confirmation link that leads nowhere (tampered with, unknown, or cut short by a mail client):
 * the confirmation view says so in its own words and whom to ask for a new link, instead of the
 * app's generic "Page not found" that a customer without an account cannot act on.
 */
export function InvalidConfirmation({ contact }: { contact: Contact }) {
  const t = useTranslations();
  return (
    <section className={styles.card} aria-labelledby="confirmation-heading">
      <h1 id="confirmation-heading">{t('confirmation.title')}</h1>
      <p className={styles.problem}>{t('errors.confirmation.unknown')}</p>
      <p>{t('confirmation.askForNew')}</p>
      <SupportContact contact={contact} />
    </section>
  );
}
