'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import type { Step } from './answer';
import styles from './auth.module.css';
import { FlowMessages } from './flow-messages';
import { FlowNode, nodeKey, splitNodes } from './flow-node';
import type { AuthFlow } from '@/lib/shared/identity/flow';
import { isSubmit, nodeName } from './node-label';
import { RedirectCountdown } from './redirect-countdown';
import { RESEND_WAIT_SECONDS } from './timing';
import { useFlowForm } from './use-flow-form';
import { useSecondsLeft } from './use-seconds-left';

export interface CodeFlowFormProps {
  kind: 'recovery' | 'verification';
  /** Our page's path (/auth/recovery, /auth/verify-recovery or /auth/verify). */
  page: string;
  flow: AuthFlow;
  returnTo?: string;
}

const isResend = (node: AuthFlow['ui']['nodes'][number]) => isSubmit(node) && nodeName(node) === 'email';

/** spec §2: a verified user goes on to the dashboard (the guard takes `/` from there). */
const DASHBOARD = '/';

/**
 * Recovery and verification by code (spec §2): the e-mail step, then the code field with a
 * resend (a wait counter in seconds, disabled while counting) and submit; after success a
 * countdown to the profile (recovery: the identity service's settings URL) or the dashboard.
 */
export function CodeFlowForm({ kind, page, flow: initial, returnTo }: CodeFlowFormProps) {
  const t = useTranslations('auth');
  const [recoveredTo, setRecoveredTo] = useState<string>();
  const resend = useSecondsLeft(RESEND_WAIT_SECONDS, initial.state === 'sent_email');
  const restartWait = resend.start;
  const state = useRef(initial.state);
  const onDone = useCallback((step: Extract<Step, { type: 'done' }>) => setRecoveredTo(step.redirectTo ?? '/profile'), []);
  const onFlow = useCallback(
    (next: AuthFlow, submitter: string | undefined) => {
      // A code went out: the first one (state changed to sent_email) or a resend.
      if (next.state === 'sent_email' && (submitter === 'email' || state.current !== 'sent_email')) restartWait();
      state.current = next.state;
    },
    [restartWait],
  );
  const { flow, version, error, pending, onSubmit } = useFlowForm(initial, {
    kind,
    page,
    fallbackKey: `auth.fallback.${kind}`,
    returnTo,
    onDone,
    onFlow,
  });

  if (recoveredTo) {
    return (
      <>
        <p role="status" className={styles.success}>
          {t('recovery.success')}
        </p>
        <RedirectCountdown to={recoveredTo} target="profile" />
      </>
    );
  }
  if (kind === 'verification' && flow.state === 'passed_challenge') {
    return (
      <>
        <FlowMessages messages={flow.ui.messages} />
        <RedirectCountdown to={DASHBOARD} target="dashboard" />
      </>
    );
  }

  const { hidden, main } = splitNodes(flow.ui.nodes);
  return (
    <>
      <FlowMessages messages={flow.ui.messages} extra={error} />
      <form key={version} action={flow.ui.action} method={flow.ui.method} onSubmit={onSubmit} className={styles.form}>
        {hidden.map((node, index) => (
          <FlowNode key={nodeKey(node, index)} node={node} />
        ))}
        {main.map((node, index) =>
          isResend(node) ? (
            <FlowNode key={nodeKey(node, index)} node={node} disabled={pending || resend.left > 0} className={styles.secondary}>
              {resend.left > 0 ? t('code.resendIn', { seconds: resend.left }) : undefined}
            </FlowNode>
          ) : (
            <FlowNode key={nodeKey(node, index)} node={node} disabled={pending && isSubmit(node)} />
          ),
        )}
      </form>
      <nav className={styles.links} aria-label={t('code.more')}>
        <Link href="/auth/signin">{t('code.backToSignIn')}</Link>
      </nav>
    </>
  );
}
