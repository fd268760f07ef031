import { providerState, type SettingsFlow } from './settings-flow';

/**
 * spec §8 fallback keys of the profile's actions: the identity handling shows them when the
 * service gives no answer; otherwise its own (translated) message wins.
 */
export const PROFILE_FALLBACKS = {
  profileUpdate: 'auth.fallback.profileUpdate',
  passwordUpdate: 'auth.fallback.passwordUpdate',
  link: 'auth.fallback.link',
  unlink: 'auth.fallback.unlink',
  settingsFlowInit: 'auth.fallback.settingsFlowInit',
  settingsFlowGet: 'auth.fallback.settingsFlowGet',
  sessionFetch: 'auth.fallback.sessionFetch',
} as const;

/** The success message (key under `profile.`) of the change a flow in state success has saved. */
export function successMessageKey(flow: SettingsFlow): string | null {
  if (flow.state !== 'success') return null;
  if (flow.active === 'profile') return 'messages.profileUpdated';
  if (flow.active === 'password') return 'messages.passwordUpdated';
  if (flow.active === 'oidc') return providerState(flow) === 'linked' ? 'messages.linked' : 'messages.unlinked';
  return null;
}
