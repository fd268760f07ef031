'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { useTranslateIssue } from '@/components/ui/use-translate-issue';
import { users } from '@/lib/client/api/users';
import type { UserAccount, UserAccountList } from '@/lib/shared/schemas/admin-user';
import { AccessFields, type AccessValues } from './access-fields';
import { failureOf } from './failure-text';
import { nameOf } from './user-name';
import styles from './admin.module.css';

/** Edits a user's company, customer number and roles (metadata_public and the Argus profile, one request). */
export function AccessDialog({ user, roles, onClose, onSaved }: { user: UserAccount; roles: UserAccountList['roles']; onClose: () => void; onSaved: (user: UserAccount) => void }) {
  const t = useTranslations('admin.users');
  const translate = useTranslateIssue();
  const [access, setAccess] = useState<AccessValues>({ companyId: user.company?.id ?? null, customerId: user.customer?.id ?? null, roles: user.roles });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ text: string; fields: Record<string, string> } | null>(null);
  // Roles the user has that no longer exist still show, so they can be removed.
  const choices = [...roles, ...user.roles.filter((r) => !roles.some((x) => x.name === r)).map((name) => ({ name, userLevel: 0, assignable: true }))];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      onSaved(await users.updateUserAccess({ params: { id: user.identityId }, body: access }));
    } catch (err) {
      setFailure(failureOf(err, t, 'errors.updateFailed', translate));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('access.title', { name: nameOf(user) })}
      footer={
        <>
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onClose}>
            {t('form.cancel')}
          </button>
          <button type="submit" form="user-access-form" className={styles.button} disabled={pending}>
            {t('form.save')}
          </button>
        </>
      }
    >
      <form id="user-access-form" className={styles.form} onSubmit={(e) => void submit(e)}>
        <AccessFields value={access} onChange={setAccess} roles={choices} errors={failure?.fields} />
        {failure && (
          <p role="alert" className={styles.formError}>
            {failure.text}
          </p>
        )}
      </form>
    </Dialog>
  );
}
