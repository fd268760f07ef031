'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import fieldStyles from '@/components/ui/field.module.css';
import { TextInput } from '@/components/ui/text-input';
import { useTranslateIssue } from '@/components/ui/use-translate-issue';
import { users } from '@/lib/client/api/users';
import type { InvitedUser, UserAccountList } from '@/lib/shared/schemas/admin-user';
import { isLocale, locales, defaultLocale, type Locale } from '@/lib/shared/locale';
import { email as emailRule, required } from '@/lib/shared/validation/text';
import { AccessFields, type AccessValues } from './access-fields';
import { failureOf } from './failure-text';
import styles from './admin.module.css';

/**
 * Invites a user: name, e-mail, company/customer, roles and the language of the invitation e-mail
 * (the admin's own UI language first); on success the caller shows the invitation.
 */
export function InviteDialog({ roles, onClose, onInvited }: { roles: UserAccountList['roles']; onClose: () => void; onInvited: (answer: InvitedUser) => void }) {
  const t = useTranslations('admin.users');
  const translate = useTranslateIssue();
  const uiLocale = useLocale();
  const languageId = useId();
  const [language, setLanguage] = useState<Locale>(isLocale(uiLocale) ? uiLocale : defaultLocale);
  const [names, setNames] = useState({ email: '', firstName: '', lastName: '' });
  const [access, setAccess] = useState<AccessValues>({ companyId: null, customerId: null, roles: [] });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ text: string; fields: Record<string, string> } | null>(null);
  const field = (key: keyof typeof names) => ({
    value: names[key],
    onChange: (e: { target: { value: string } }) => setNames((n) => ({ ...n, [key]: e.target.value })),
    error: failure?.fields[key],
    required: true,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      onInvited(await users.inviteUser({ body: { ...names, ...access, language } }));
    } catch (err) {
      setFailure(failureOf(err, t, 'errors.inviteFailed', translate));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('invite.title')}
      footer={
        <>
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onClose}>
            {t('form.cancel')}
          </button>
          <button type="submit" form="invite-user-form" className={styles.button} disabled={pending}>
            {t('form.send')}
          </button>
        </>
      }
    >
      <form id="invite-user-form" className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextInput label={t('form.email')} type="email" autoComplete="off" rules={[required, emailRule]} {...field('email')} />
        <div className={styles.row}>
          <TextInput label={t('form.firstName')} rules={[required]} {...field('firstName')} />
          <TextInput label={t('form.lastName')} rules={[required]} {...field('lastName')} />
        </div>
        <AccessFields value={access} onChange={setAccess} roles={roles} errors={failure?.fields} />
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={languageId}>
            {t('form.language')}
          </label>
          <select id={languageId} className={fieldStyles.control} value={language} onChange={(e) => isLocale(e.target.value) && setLanguage(e.target.value)}>
            {locales.map((l) => (
              <option key={l} value={l}>
                {t(`form.languages.${l}`)}
              </option>
            ))}
          </select>
          {failure?.fields.language && <span className={fieldStyles.error}>{failure.fields.language}</span>}
        </div>
        {failure && (
          <p role="alert" className={styles.formError}>
            {failure.text}
          </p>
        )}
      </form>
    </Dialog>
  );
}
