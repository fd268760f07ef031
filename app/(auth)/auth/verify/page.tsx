import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { CodeFlowForm } from '@/components/auth/code-flow-form';
import { FLOW_PAGE, type AuthFlow } from '@/lib/shared/identity/flow';
import { firstParam, loadFlow, type FlowSearchParams } from '@/lib/server/identity/flows';
import { currentSession } from '@/lib/server/auth/current-user';
import { viewMetadata } from '@/lib/server/i18n/metadata';

export const generateMetadata = () => viewMetadata('verify');

/**
 * A signed-in user (the guard sends unverified users here) gets their address filled in; one
 * without any address to verify is told to contact support (spec §8).
 */
async function withSessionAddress(flow: AuthFlow): Promise<{ flow: AuthFlow; missingEmail: boolean }> {
  const emailNode = flow.ui.nodes.find((n) => n.attributes.name === 'email' && n.attributes.type === 'email');
  if (flow.state !== 'choose_method' || !emailNode || emailNode.attributes.value) return { flow, missingEmail: false };
  const session = await currentSession().catch(() => null);
  if (!session) return { flow, missingEmail: false };
  const address = session.identity?.verifiable_addresses?.[0]?.value;
  if (!address) return { flow, missingEmail: true };
  const nodes = flow.ui.nodes.map((n) => (n === emailNode ? { ...n, attributes: { ...n.attributes, value: address } } : n));
  return { flow: { ...flow, ui: { ...flow.ui, nodes } }, missingEmail: false };
}

// spec §2 /auth/verify: e-mail verification by code.
export default async function VerifyPage({ searchParams }: { searchParams: Promise<FlowSearchParams> }) {
  const params = await searchParams;
  const { flow, missingEmail } = await withSessionAddress(await loadFlow('verification', params));
  const t = await getTranslations('auth.verification');
  return (
    <AuthCard title={t('title')} intro={t('intro')}>
      {missingEmail && <p role="alert">{t('missingEmail')}</p>}
      <CodeFlowForm kind="verification" page={FLOW_PAGE.verification} flow={flow} returnTo={firstParam(params.return_to) ?? flow.return_to} />
    </AuthCard>
  );
}
