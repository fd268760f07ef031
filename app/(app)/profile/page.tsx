import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ProfileUnavailable } from '@/components/profile/profile-unavailable';
import { PROFILE_FALLBACKS } from '@/components/profile/profile-messages';
import { ProfileView } from '@/components/profile/profile-view';
import { SETTINGS_BROWSER } from '@/components/profile/settings-flow';
import { requireUser } from '@/lib/server/auth/require-user';
import { env } from '@/lib/server/env';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { loadSettingsFlow } from '@/lib/server/identity/settings-flow';
import { isRecoveringSession } from '@/lib/shared/auth/recovering-session';

export const generateMetadata = () => viewMetadata('profile');

/**
 * spec §2 profile. `?flow=<id>` names the settings flow; without a usable one the browser starts a
 * new flow at the identity service (through our origin), which sets its CSRF cookie and sends the
 * browser back here with the new id.
 */
export default async function ProfilePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { session } = await requireUser({ allowWithoutRole: true });
  const { flow: id } = await searchParams;
  const result = await loadSettingsFlow(typeof id === 'string' ? id : undefined, (await headers()).get('cookie'));
  if (result.kind === 'restart') redirect(SETTINGS_BROWSER);
  if (result.kind === 'error') return <ProfileUnavailable messageKey={result.reason === 'session' ? PROFILE_FALLBACKS.sessionFetch : PROFILE_FALLBACKS.settingsFlowGet} />;
  return <ProfileView initialFlow={result.flow} recovering={isRecoveringSession(session, env().IDENTITY_PRIVILEGED_SESSION_MAX_AGE)} />;
}
