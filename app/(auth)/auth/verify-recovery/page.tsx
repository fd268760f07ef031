import { Link } from '@/components/ui/link';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { pageOf } from '@/components/auth/answer';
import { AuthCard } from '@/components/auth/auth-card';
import { CodeFlowForm } from '@/components/auth/code-flow-form';
import { RECOVERY_CODE_PAGE } from '@/lib/shared/identity/flow';
import { firstParam, loadFlow, type FlowSearchParams } from '@/lib/server/identity/flows';
import { viewMetadata } from '@/lib/server/i18n/metadata';

export const generateMetadata = () => viewMetadata('verifyRecovery');

// spec §2 /auth/verify-recovery: the code step of a recovery whose code was mailed.
export default async function VerifyRecoveryPage({ searchParams }: { searchParams: Promise<FlowSearchParams> }) {
  const params = await searchParams;
  const t = await getTranslations('auth.recovery');
  // spec §8: without an active recovery flow there is no code to enter.
  const missing = (
    <AuthCard title={t('codeTitle')}>
      <p role="alert">{t('flowMissing')}</p>
      <Link href="/auth/recovery">{t('restart')}</Link>
    </AuthCard>
  );
  if (!firstParam(params.flow)) return missing;
  const flow = await loadFlow('recovery', params);
  if (flow.state === 'choose_method') redirect(pageOf('recovery', flow));
  if (flow.state !== 'sent_email') return missing;
  return (
    <AuthCard title={t('codeTitle')} intro={t('codeIntro')}>
      <CodeFlowForm kind="recovery" page={RECOVERY_CODE_PAGE} flow={flow} returnTo={flow.return_to} />
    </AuthCard>
  );
}
