'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { PasswordChecklist, passwordAccepted } from '@/components/auth/password-checklist';
import { useHydrated } from '@/components/auth/use-hydrated';
import { useIdentityTranslate } from '@/components/auth/use-identity-translate';
import { useNotify } from '@/components/platform/notifications';
import { TextInput } from '@/components/ui/text-input';
import { translateUiText } from '@/lib/shared/identity/response';
import type { SubmitSettings } from './profile-details-form';
import { PROFILE_FALLBACKS } from './profile-messages';
import { reauthenticate } from './reauthenticate';
import { fieldErrors, nodeValue, type SettingsFlow } from './settings-flow';
import { profileUrl } from './use-settings-flow';
import styles from './profile.module.css';

/**
 * Change password with current, new and repeat fields (spec §2) and the spec §5 rules shown
 * live. The current password is verified by re-authenticating, then the new one is saved
 * through the settings flow's password method. After an account recovery (the flow it opened
 * carries message 1060001; later flows, after a save or a reload, do not, so the page also tells
 * from the session: `recovering`) the session is privileged and the user has no current
 * password, so that field is not asked for. It needs JavaScript (the button stays disabled
 * until the page is interactive), so a password never travels in a plain form post to a page.
 */
const RECOVERY_SUCCESS = 1060001;

export function ChangePasswordForm({ flow, submit, recovering = false }: { flow: SettingsFlow; submit: SubmitSettings; recovering?: boolean }) {
  const t = useTranslations('profile');
  const identityT = useIdentityTranslate();
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [currentError, setCurrentError] = useState<string>();
  const [pending, setPending] = useState(false);
  const interactive = useHydrated();

  // Set by the identity service on the settings flow a recovery code led to.
  const recovered = recovering || (flow.ui.messages?.some((m) => m.id === RECOVERY_SUCCESS) ?? false);
  const ready = interactive && !pending && (recovered || current !== '') && passwordAccepted(password, repeat);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    setPending(true);
    try {
      const checked = recovered ? { ok: true as const } : await reauthenticate(nodeValue(flow, 'traits.email'), current, identityT, profileUrl());
      if (!checked.ok) {
        setCurrentError(checked.text);
        notify({ type: 'error', text: checked.text });
        return;
      }
      setCurrentError(undefined);
      const outcome = await submit({ method: 'password', password }, PROFILE_FALLBACKS.passwordUpdate);
      if (outcome.ok) {
        notify({ type: 'success', text: t('messages.passwordUpdated') });
        setCurrent('');
        setPassword('');
        setRepeat('');
      } else if (!outcome.redirectTo) notify({ type: 'error', text: outcome.text });
    } finally {
      setPending(false);
    }
  }

  const newError = fieldErrors(flow, 'password')[0];
  return (
    <section className={styles.section} aria-labelledby="profile-password-heading">
      <h2 id="profile-password-heading">{t('password.heading')}</h2>
      <form onSubmit={onSubmit} className={styles.form} noValidate>
        {recovered ? (
          <p className={styles.muted}>{t('password.afterRecovery')}</p>
        ) : (
          <TextInput
            name="current-password"
            type="password"
            autoComplete="current-password"
            label={t('password.current')}
            value={current}
            onChange={(e) => {
              setCurrent(e.target.value);
              setCurrentError(undefined);
            }}
            error={currentError}
          />
        )}
        <TextInput
          name="new-password"
          type="password"
          autoComplete="new-password"
          label={t('password.new')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={newError ? translateUiText(newError, identityT) : undefined}
        />
        <TextInput
          name="repeat-password"
          type="password"
          autoComplete="new-password"
          label={t('password.repeat')}
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
        <PasswordChecklist id="profile-password-rules" password={password} repeat={repeat} />
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={!ready}>
            {t('password.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
