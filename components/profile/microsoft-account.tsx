'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useNotify } from '@/components/platform/notifications';
import type { SubmitSettings } from './profile-details-form';
import { PROFILE_FALLBACKS } from './profile-messages';
import { csrfTokenOf, providerState, type SettingsFlow } from './settings-flow';
import styles from './profile.module.css';

const PROVIDER = 'microsoft';

/**
 * spec §4 Microsoft account, linked or unlinked, toggled by link and unlink through the settings
 * flow's oidc method. Linking leaves for the provider's sign-in (a 422 redirect) and comes back
 * to /profile with the flow's result. Shown only when the flow offers the provider.
 */
export function MicrosoftAccount({ flow, submit }: { flow: SettingsFlow; submit: SubmitSettings }) {
  const t = useTranslations('profile');
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const state = providerState(flow, PROVIDER);
  if (!state) return null;
  const action = state === 'linked' ? 'unlink' : 'link';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const outcome = await submit({ method: 'oidc', [action]: PROVIDER }, action === 'link' ? PROFILE_FALLBACKS.link : PROFILE_FALLBACKS.unlink);
    if (outcome.redirectTo && outcome.ok) return; // on the way to the provider: stay pending
    setPending(false);
    if (outcome.ok) notify({ type: 'success', text: t(action === 'link' ? 'messages.linked' : 'messages.unlinked') });
    else if (!outcome.redirectTo) notify({ type: 'error', text: outcome.text });
  }

  return (
    <section className={styles.section} aria-labelledby="profile-microsoft-heading">
      <h2 id="profile-microsoft-heading">{t('microsoft.heading')}</h2>
      <p className={styles.status} data-state={state}>
        {t(state === 'linked' ? 'microsoft.linked' : 'microsoft.unlinked')}
      </p>
      <form action={flow.ui.action} method="post" onSubmit={onSubmit}>
        <input type="hidden" name="csrf_token" value={csrfTokenOf(flow)} />
        <button type="submit" name={action} value={PROVIDER} className={`${styles.button} ${styles.secondary}`} disabled={pending}>
          {t(state === 'linked' ? 'microsoft.unlink' : 'microsoft.link')}
        </button>
      </form>
    </section>
  );
}
