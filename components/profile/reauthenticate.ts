import { handleIdentityResponse, type IdentityOutcome, type Translate } from '@/lib/shared/identity/response';
import { identityCall } from './identity-call';
import { PROFILE_FALLBACKS } from './profile-messages';
import { csrfTokenOf, nodeValue, type SettingsFlow } from './settings-flow';

/**
 * Checks the current password by signing in again (a login flow with `refresh=true`): the
 * settings flow's password method takes no current password, and a fresh sign-in also makes
 * the session privileged for the change that follows. A wrong password comes back as the
 * identity service's message (4000006), translated.
 */
export async function reauthenticate(identifier: string, password: string, t: Translate, returnUrl: string): Promise<IdentityOutcome> {
  const fallback = PROFILE_FALLBACKS.passwordUpdate;
  const init = await identityCall('/self-service/login/browser?refresh=true');
  const flow = init?.body as Pick<SettingsFlow, 'id' | 'ui'> | undefined;
  if (!init || init.status !== 200 || typeof flow?.id !== 'string' || !Array.isArray(flow.ui?.nodes)) {
    return handleIdentityResponse(init && init.status !== 200 ? init : null, fallback, t, returnUrl);
  }
  const answer = await identityCall(`/self-service/login?flow=${encodeURIComponent(flow.id)}`, {
    method: 'password',
    // The refresh flow names the identifier of the signed-in identity's password credential.
    identifier: nodeValue(flow, 'identifier') || identifier,
    password,
    csrf_token: csrfTokenOf(flow),
  });
  return handleIdentityResponse(answer, fallback, t, returnUrl);
}
