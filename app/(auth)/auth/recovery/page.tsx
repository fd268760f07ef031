import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { pageOf } from '@/components/auth/answer';
import { AuthCard } from '@/components/auth/auth-card';
import { CodeFlowForm } from '@/components/auth/code-flow-form';
import { FLOW_PAGE } from '@/lib/shared/identity/flow';
import { firstParam, loadFlow, type FlowSearchParams } from '@/lib/server/identity/flows';
import { viewMetadata } from '@/lib/server/i18n/metadata';

export const generateMetadata = () => viewMetadata('recovery');

// spec §2 /auth/recovery: the e-mail step; once the code is out the flow continues at /auth/verify-recovery.
export default async function RecoveryPage({ searchParams }: { searchParams: Promise<FlowSearchParams> }) {
  const params = await searchParams;
  const flow = await loadFlow('recovery', params);
  if (flow.state === 'sent_email') redirect(pageOf('recovery', flow));
  const t = await getTranslations('auth.recovery');
  return (
    <AuthCard title={t('title')} intro={t('intro')}>
      <CodeFlowForm kind="recovery" page={FLOW_PAGE.recovery} flow={flow} returnTo={firstParam(params.return_to) ?? flow.return_to} />
    </AuthCard>
  );
}
