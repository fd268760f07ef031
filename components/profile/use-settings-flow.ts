'use client';

import { useCallback, useRef, useState } from 'react';
import { navigateTo } from '@/components/auth/navigate';
import { handleIdentityResponse, type IdentityOutcome, type Translate } from '@/lib/shared/identity/response';
import { identityCall, type IdentityAnswer } from './identity-call';
import { PROFILE_FALLBACKS } from './profile-messages';
import { csrfTokenOf, isSettingsFlow, SETTINGS_BROWSER, type SettingsFlow } from './settings-flow';

/** Where a re-authenticated user comes back to (spec §8 session_refresh_required → logout with return_to). */
export const profileUrl = () => `${window.location.origin}/profile`;

/** The flow that replaces an expired one: the one the service names (use_flow_id), else a new one. */
async function restartFlow(expired: unknown, t: Translate): Promise<SettingsFlow | IdentityOutcome> {
  const body = (expired ?? {}) as { use_flow_id?: unknown; error?: { details?: { use_flow_id?: unknown } } };
  const next = body.use_flow_id ?? body.error?.details?.use_flow_id;
  const answer = typeof next === 'string' ? await identityCall(`/self-service/settings/flows?id=${encodeURIComponent(next)}`) : await identityCall(SETTINGS_BROWSER);
  if (answer && answer.status === 200 && isSettingsFlow(answer.body)) return answer.body;
  const fallback = typeof next === 'string' ? PROFILE_FALLBACKS.settingsFlowGet : PROFILE_FALLBACKS.settingsFlowInit;
  // A flow we cannot get is a failure of its own, whatever the service said about it.
  return handleIdentityResponse(null, fallback, t);
}

/**
 * The profile screen's settings flow (spec §3, §4): every change is submitted to it as JSON and
 * its answer handled as spec §8 says. An expired flow is replaced and the change submitted once
 * more; a redirect (provider sign-in, re-authentication via logout) is followed.
 */
export function useSettingsFlow(initial: SettingsFlow, t: Translate) {
  const [flow, setFlow] = useState(initial);
  const current = useRef(initial);
  const replace = useCallback((next: SettingsFlow) => {
    current.current = next;
    setFlow(next);
  }, []);

  const submit = useCallback(
    async (body: Record<string, unknown>, fallbackKey: string): Promise<IdentityOutcome> => {
      const send = (target: SettingsFlow): Promise<IdentityAnswer> =>
        identityCall(`/self-service/settings?flow=${encodeURIComponent(target.id)}`, { ...body, csrf_token: csrfTokenOf(target) });
      let answer = await send(current.current);
      if (answer?.status === 410) {
        const fresh = await restartFlow(answer.body, t);
        if (!isSettingsFlow(fresh)) return fresh;
        replace(fresh);
        answer = await send(fresh);
      }
      if (answer && isSettingsFlow(answer.body)) replace(answer.body);
      const outcome = handleIdentityResponse(answer, fallbackKey, t, profileUrl());
      if (outcome.redirectTo) navigateTo(outcome.redirectTo);
      return outcome;
    },
    [replace, t],
  );

  return { flow, submit, replace };
}
