'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect } from 'react';
import { safeReturnTo } from '@/lib/shared/auth/route-guard';
import { continueTarget, type Step } from './answer';
import styles from './auth.module.css';
import { FlowMessages } from './flow-messages';
import { FlowNode, nodeKey, splitNodes } from './flow-node';
import { FLOW_PAGE, type AuthFlow } from '@/lib/shared/identity/flow';
import { navigateTo } from './navigate';
import { isSubmit, nodeName } from './node-label';
import { OidcButtons } from './oidc-buttons';
import { useFlowForm } from './use-flow-form';

/**
 * Sign-in (spec §2, titled welcome): the password form, 'or', "Sign in with Microsoft". After a
 * JavaScript sign-in the browser goes where the identity service says (the flow's return_to) or
 * home; the guard and the start-up return-to reader take it from there.
 */
export function SignInForm({ flow: initial, returnTo }: { flow: AuthFlow; returnTo?: string }) {
  const t = useTranslations('auth');
  const onDone = useCallback((step: Extract<Step, { type: 'done' }>) => {
    const next = step.redirectTo ?? safeReturnTo(continueTarget(step.body), window.location.origin) ?? '/';
    navigateTo(next);
  }, []);
  const { flow, version, error, pending, onSubmit } = useFlowForm(initial, {
    kind: 'login',
    page: FLOW_PAGE.login,
    fallbackKey: 'auth.fallback.passwordLogin',
    returnTo,
    onDone,
  });
  // A flow the server made for this page (the route guard) is named in the address, as a flow the
  // identity service redirected to would be: a reload shows the same flow.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('flow') === flow.id) return;
    window.history.replaceState(window.history.state, '', `${FLOW_PAGE.login}?flow=${encodeURIComponent(flow.id)}`);
  }, [flow.id]);
  const { hidden, main, oidc } = splitNodes(flow.ui.nodes);
  return (
    <>
      <FlowMessages messages={flow.ui.messages} extra={error} />
      <form key={version} action={flow.ui.action} method={flow.ui.method} onSubmit={onSubmit} className={styles.form}>
        {hidden.map((node, index) => (
          <FlowNode key={nodeKey(node, index)} node={node} />
        ))}
        {main.map((node, index) => (
          <FlowNode
            key={nodeKey(node, index)}
            node={node}
            disabled={pending && isSubmit(node)}
            label={isSubmit(node) && nodeName(node) === 'method' ? t('signin.submit') : undefined}
          />
        ))}
        <OidcButtons nodes={oidc} disabled={pending} />
      </form>
      <nav className={styles.links} aria-label={t('signin.more')}>
        <Link href="/auth/recovery">{t('signin.forgot')}</Link>
        <Link href="/auth/signup">{t('signin.signup')}</Link>
      </nav>
    </>
  );
}
