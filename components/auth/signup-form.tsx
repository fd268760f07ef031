'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { TextInput } from '@/components/ui/text-input';
import { PASSWORD_HTML_PATTERN } from '@/lib/shared/validation/password';
import { continueTarget, type Step } from './answer';
import styles from './auth.module.css';
import { FlowMessages } from './flow-messages';
import { FlowNode, nodeKey, splitNodes } from './flow-node';
import { FLOW_PAGE, type AuthFlow } from '@/lib/shared/identity/flow';
import { navigateTo } from './navigate';
import { isSubmit, nodeName } from './node-label';
import { OidcButtons } from './oidc-buttons';
import { PasswordChecklist, passwordAccepted } from './password-checklist';
import { useFlowForm } from './use-flow-form';
import { useHydrated } from './use-hydrated';

/**
 * Sign-up (spec §2): every field of the registration flow (email, first and last name, any trait
 * the schema adds), the password with our repeat field and the spec §5 rules live. The password
 * submit waits for the rules with JavaScript; without it the HTML pattern enforces them.
 */
export function SignUpForm({ flow: initial, returnTo }: { flow: AuthFlow; returnTo?: string }) {
  const t = useTranslations('auth');
  const onDone = useCallback((step: Extract<Step, { type: 'done' }>) => navigateTo(step.redirectTo ?? continueTarget(step.body) ?? '/'), []);
  const { flow, version, error, pending, onSubmit } = useFlowForm(initial, {
    kind: 'registration',
    page: FLOW_PAGE.registration,
    fallbackKey: 'auth.fallback.registration',
    returnTo,
    onDone,
  });
  const { hidden, main, oidc } = splitNodes(flow.ui.nodes);
  return (
    <>
      <FlowMessages messages={flow.ui.messages} extra={error} />
      <form key={version} action={flow.ui.action} method={flow.ui.method} onSubmit={onSubmit} className={styles.form}>
        {hidden.map((node, index) => (
          <FlowNode key={nodeKey(node, index)} node={node} />
        ))}
        <SignUpFields nodes={main} pending={pending} />
        <OidcButtons nodes={oidc} disabled={pending} />
      </form>
      <nav className={styles.links} aria-label={t('signup.more')}>
        <Link href="/auth/signin">{t('signup.signin')}</Link>
      </nav>
    </>
  );
}

/** Remounted with the form, so a refused password starts the checklist afresh. */
function SignUpFields({ nodes, pending }: { nodes: AuthFlow['ui']['nodes']; pending: boolean }) {
  const t = useTranslations('auth');
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const accepted = passwordAccepted(password, repeat);
  return nodes.map((node, index) => {
    const key = nodeKey(node, index);
    if (nodeName(node) === 'password' && !isSubmit(node)) {
      return (
        <div key={key} className={styles.form}>
          <FlowNode node={node} pattern={PASSWORD_HTML_PATTERN} title={t('passwordRules.summary')} onValue={setPassword} />
          {/* Ours, not a node: it has no name, so it is never sent. */}
          <TextInput label={t('fields.passwordRepeat')} type="password" autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.target.value)} />
          <PasswordChecklist password={password} repeat={repeat} />
        </div>
      );
    }
    const passwordSubmit = isSubmit(node) && nodeName(node) === 'method';
    return <FlowNode key={key} node={node} disabled={(passwordSubmit && hydrated && !accepted) || (pending && isSubmit(node))} />;
  });
}
