'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useHydrated } from '@/components/auth/use-hydrated';
import { useIdentityTranslate } from '@/components/auth/use-identity-translate';
import { useNotify } from '@/components/platform/notifications';
import { firstErrorMessage, translateUiText } from '@/lib/shared/identity/response';
import { ChangePasswordForm } from './change-password-form';
import { MicrosoftAccount } from './microsoft-account';
import { ProfileDetailsForm } from './profile-details-form';
import { successMessageKey } from './profile-messages';
import type { SettingsFlow } from './settings-flow';
import { useSettingsFlow } from './use-settings-flow';
import styles from './profile.module.css';

/**
 * The profile screen (spec §2): personal details with the company, the password change and the
 * Microsoft account, all driven by one settings flow.
 */
export function ProfileView({ initialFlow, recovering = false }: { initialFlow: SettingsFlow; recovering?: boolean }) {
  const t = useTranslations('profile');
  const identityT = useIdentityTranslate();
  const notify = useNotify();
  const { flow, submit } = useSettingsFlow(initialFlow, identityT);
  const hydrated = useHydrated();

  // A flow the browser was sent back with (a form post without JavaScript, the provider after a
  // link) carries the outcome of that change: say it once.
  const arrival = successMessageKey(initialFlow);
  const arrivalError = arrival ? undefined : firstErrorMessage(initialFlow);
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    if (arrival) notify({ type: 'success', text: t(arrival) });
    else if (arrivalError) notify({ type: 'error', text: translateUiText(arrivalError, identityT) });
    // The flow id has done its job in the address bar: a reload starts a fresh flow instead of repeating the notice.
    window.history.replaceState(null, '', '/profile');
  }, [arrival, arrivalError, identityT, notify, t]);

  return (
    <div className={styles.page}>
      <h1>{t('title')}</h1>
      {/* Without JavaScript there are no notifications: the server-rendered page says it in place. */}
      {!hydrated && (arrival || arrivalError) && (
        <p className={arrival ? styles.status : styles.error} role="status">
          {arrival ? t(arrival) : translateUiText(arrivalError!, identityT)}
        </p>
      )}
      <ProfileDetailsForm flow={flow} submit={submit} />
      <ChangePasswordForm flow={flow} submit={submit} recovering={recovering} />
      <MicrosoftAccount flow={flow} submit={submit} />
    </div>
  );
}
