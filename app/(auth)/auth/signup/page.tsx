import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { SignUpForm } from '@/components/auth/signup-form';
import { firstParam, loadFlow, type FlowSearchParams } from '@/lib/server/identity/flows';
import { viewMetadata } from '@/lib/server/i18n/metadata';

export const generateMetadata = () => viewMetadata('signup');

// spec §2 /auth/signup.
export default async function SignUpPage({ searchParams }: { searchParams: Promise<FlowSearchParams> }) {
  const params = await searchParams;
  const flow = await loadFlow('registration', params);
  const t = await getTranslations('auth.signup');
  return (
    <AuthCard title={t('title')} intro={t('intro')}>
      <SignUpForm flow={flow} returnTo={firstParam(params.return_to) ?? flow.return_to} />
    </AuthCard>
  );
}
