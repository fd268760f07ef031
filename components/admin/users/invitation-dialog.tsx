'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import { useNotify } from '@/components/platform/notifications';
import { useAppTimeZone } from '@/lib/i18n/time-zone';
import { formatDate } from '@/lib/shared/format/date';
import type { Invitation } from '@/lib/shared/schemas/admin-user';
import styles from './admin.module.css';

/**
 * The invitation just e-mailed to the invitee (or, without a mail server, stored in the outbox),
 * and its one-time recovery link and code shown this once, so the admin can also hand them over.
 */
export function InvitationDialog({ email, invitation, onClose }: { email: string; invitation: Invitation; onClose: () => void }) {
  const t = useTranslations('admin.users.invitation');
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  const notify = useNotify();
  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => notify({ type: 'success', text: t('copied') }),
      () => undefined,
    );
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('title', { email })}
      footer={
        <button type="button" className={styles.button} onClick={onClose}>
          {t('close')}
        </button>
      }
    >
      <div className={styles.form}>
        <p role="status" data-testid="invitation-mail">
          {invitation.mail.delivery === 'smtp' ? t('mailed', { email: invitation.mail.to }) : t('outbox', { email: invitation.mail.to })}
        </p>
        <p>{t('text')}</p>
        <strong>{t('link')}</strong>
        <div className={styles.secret}>
          <code data-testid="invitation-link">{invitation.recoveryLink}</code>
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => copy(invitation.recoveryLink)}>
            {t('copy')}
          </button>
        </div>
        <strong>{t('code')}</strong>
        <div className={styles.secret}>
          <code data-testid="invitation-code" className={styles.code}>
            {invitation.recoveryCode}
          </code>
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => copy(invitation.recoveryCode)}>
            {t('copy')}
          </button>
        </div>
        <p className={styles.muted}>{t('expires', { date: formatDate(invitation.expiresAt, locale, { timeZone }) })}</p>
      </div>
    </Dialog>
  );
}
