'use client';

import { useCallback, useState, type FormEvent } from 'react';
import { nextStep, type Step } from './answer';
import { formBody, postFlow } from './form-body';
import type { AuthFlow, FlowKind } from '@/lib/shared/identity/flow';
import { navigateTo } from './navigate';
import { useIdentityTranslate } from './use-identity-translate';

export interface FlowFormOptions {
  kind: FlowKind;
  /** Our page's path, e.g. /auth/signin. */
  page: string;
  /** spec §8 fallback message key of this action. */
  fallbackKey: string;
  returnTo?: string;
  /** Success without a new flow to show (signed in, signed up, recovered). */
  onDone: (step: Extract<Step, { type: 'done' }>) => void;
  /** A new state of the same flow arrived; `submitter` is the clicked button's name. */
  onFlow?: (flow: AuthFlow, submitter: string | undefined) => void;
}

/**
 * JavaScript enhancement of a server-rendered flow form: the same form is submitted as JSON
 * (`Accept: application/json`) to its action and the answer handled in place. Without
 * JavaScript the form posts itself and the identity service answers with redirects.
 */
export function useFlowForm(initial: AuthFlow, options: FlowFormOptions) {
  const t = useIdentityTranslate();
  const [flow, setFlow] = useState(initial);
  // Bumped on every new flow so the form remounts with the values the identity service sent.
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const { kind, page, fallbackKey, returnTo, onDone, onFlow } = options;

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter ?? null;
      setPending(true);
      setError(undefined);
      const response = await postFlow(flow.ui.action, formBody(event.currentTarget, submitter));
      const step = nextStep(response, { kind, page, fallbackKey, t, flowId: flow.id, currentUrl: window.location.href, returnTo });
      if (step.type === 'navigate') return navigateTo(step.to); // stays pending until the page is left
      setPending(false);
      if (step.type === 'error') setError(step.text);
      else if (step.type === 'flow') {
        setFlow(step.flow);
        setVersion((v) => v + 1);
        onFlow?.(step.flow, (submitter as HTMLButtonElement | null)?.name || undefined);
      } else onDone(step);
    },
    [flow, kind, page, fallbackKey, t, returnTo, onDone, onFlow],
  );

  return { flow, version, error, pending, onSubmit };
}
